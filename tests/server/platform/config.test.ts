import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/server/platform/config.ts';

describe('configuration', () => {
  it('defaults to port 4321, the embedded database in data/ and the site in dist/', () => {
    const config = loadConfig({});
    expect(config.port).toBe(4321);
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.resolve('data') });
    expect(config.siteDir).toBe(path.resolve('dist'));
    expect(config.siteUrl).toBe('http://localhost:4321');
    expect(config.seedDemoData).toBe(true);
  });

  it('publishes changes by content builds unless SITE_CONTENT_BUILDS is false', () => {
    expect(loadConfig({}).contentBuilds).toBe(true);
    expect(loadConfig({ SITE_CONTENT_BUILDS: 'false' }).contentBuilds).toBe(false);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/app' });
    expect(config.database).toMatchObject({ kind: 'postgres', url: 'postgres://u:p@db:5432/app' });
  });

  it('names every bad variable and what is wrong with it', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO_DATA: 'maybe', SITE_URL: 'nope' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain('PORT="eighty": must be a number');
      expect(message).toContain('DATABASE_URL="mysql://x": must be a postgres:// or postgresql:// URL');
      expect(message).toContain('SEED_DEMO_DATA="maybe": must be true or false');
      expect(message).toContain('SITE_URL="nope"');
    }
  });

  it('rejects ports out of range and treats empty variables as unset', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT="70000": must be between 0 and 65535/);
    expect(loadConfig({ PORT: '' }).port).toBe(4321);
  });

  it('answers with the built-in engine unless a model is configured, and wants the model named with its address', () => {
    expect(loadConfig({}).chat).toMatchObject({ model: null, frameOrigin: null, messagesPerMinutePerUser: 20 });
    const chat = loadConfig({
      CHAT_MODEL_BASE_URL: 'http://127.0.0.1:11434/v1/',
      CHAT_MODEL: 'llama3.1',
      CHAT_FRAME_ORIGIN: 'https://chat.example.com',
    }).chat;
    expect(chat.model).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'llama3.1',
      apiKey: null,
      timeoutMs: 20_000,
    });
    expect(chat.frameOrigin).toBe('https://chat.example.com');
    expect(() => loadConfig({ CHAT_MODEL_BASE_URL: 'http://127.0.0.1:11434/v1' })).toThrow(
      'set CHAT_MODEL_BASE_URL and CHAT_MODEL together, or neither',
    );
    expect(() => loadConfig({ CHAT_FRAME_ORIGIN: 'https://chat.example.com/frame' })).toThrow(
      'must be an origin: scheme, host and port only',
    );
  });
});
