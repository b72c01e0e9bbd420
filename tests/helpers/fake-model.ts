/**
 * A local OpenAI-compatible chat completions server for tests and
 * benchmarks: `POST /v1/chat/completions` streams what the test's `reply`
 * decides for each request (tool calls, text, an error status, a delay, a
 * dropped connection), in the API's chunk format, and keeps every request.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ModelMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | null;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

export interface ModelRequest {
  model: string;
  messages: ModelMessage[];
  tools?: { type: 'function'; function: { name: string; description: string; parameters: unknown } }[];
  stream?: boolean;
}

export interface ModelReply {
  /** Answer with this HTTP status and an error body instead. */
  status?: number;
  /** Wait this long before the first byte. */
  delayMs?: number;
  toolCalls?: { name: string; arguments: unknown }[];
  text?: string;
  /** Characters per streamed chunk of text. */
  chunk?: number;
  /** Cut the connection after this many characters of text. */
  dropAfter?: number;
}

export interface FakeModel {
  /** The base URL to configure (ends in /v1). */
  url: string;
  requests: ModelRequest[];
  reply: (request: ModelRequest, index: number) => ModelReply;
  close(): Promise<void>;
}

const chunkOf = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: 'test-model',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;

export async function startFakeModel(reply: FakeModel['reply'] = () => ({ text: 'Hello.' })): Promise<FakeModel> {
  const model: FakeModel = { url: '', requests: [], reply, close: async () => {} };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', async () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404).end();
        return;
      }
      const request = JSON.parse(body) as ModelRequest;
      model.requests.push(request);
      const r = model.reply(request, model.requests.length - 1);
      if (r.delayMs) await new Promise((resolve) => setTimeout(resolve, r.delayMs));
      if (res.destroyed) return;
      if (r.status) {
        res.writeHead(r.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'the model is overloaded', type: 'server_error' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(chunkOf({ role: 'assistant', content: '' }));
      if (r.toolCalls?.length) {
        r.toolCalls.forEach((call, index) => {
          const args = JSON.stringify(call.arguments);
          res.write(
            chunkOf({
              tool_calls: [
                { index, id: `call_${index}`, type: 'function', function: { name: call.name, arguments: '' } },
              ],
            }),
          );
          // Arguments arrive in pieces, as real models stream them.
          for (let i = 0; i < args.length; i += 7)
            res.write(chunkOf({ tool_calls: [{ index, function: { arguments: args.slice(i, i + 7) } }] }));
        });
        res.write(chunkOf({}, 'tool_calls'));
      } else {
        const text = r.text ?? '';
        const size = r.chunk ?? 12;
        for (let i = 0; i < text.length; i += size) {
          if (r.dropAfter !== undefined && i >= r.dropAfter) {
            res.destroy();
            return;
          }
          res.write(chunkOf({ content: text.slice(i, i + size) }));
        }
        res.write(chunkOf({}, 'stop'));
      }
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  model.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  model.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return model;
}

/** The last tool result the model was given, parsed. */
export function lastToolResult<T = Record<string, unknown>>(request: ModelRequest): T | null {
  const tool = [...request.messages].reverse().find((m) => m.role === 'tool');
  return tool?.content ? (JSON.parse(tool.content) as T) : null;
}
