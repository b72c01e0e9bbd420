import { describe, expect, it } from 'vitest';
import { youtubeVideoId } from '../../src/lib/youtube.ts';

describe('YouTube video ids from what staff paste', () => {
  it('come out of watch, share, embed, Shorts and live links, with or without www or a scheme', () => {
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s&list=PL123',
      'https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ',
      'http://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ?si=abcDEF123&t=10',
      'youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ?start=5',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://youtube.com/shorts/dQw4w9WgXcQ?feature=share',
      'https://www.youtube.com/live/dQw4w9WgXcQ',
      '  https://www.youtube.com/watch?v=dQw4w9WgXcQ  ',
    ]) {
      expect(youtubeVideoId(link), link).toBe('dQw4w9WgXcQ');
    }
  });

  it('take a bare id as it is', () => {
    expect(youtubeVideoId('aqz-KE-bpKQ')).toBe('aqz-KE-bpKQ');
    expect(youtubeVideoId(' aqz-KE-bpKQ ')).toBe('aqz-KE-bpKQ');
  });

  it('name no video for anything else', () => {
    for (const other of [
      '',
      'too-short',
      'dQw4w9WgXcQQ',
      'https://www.youtube.com/',
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/@redcapresearch',
      'https://vimeo.com/123456789',
      'https://evil.example/watch?v=dQw4w9WgXcQ',
      'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'javascript:alert(1)//youtu.be/dQw4w9WgXcQ',
      'ftp://youtu.be/dQw4w9WgXcQ',
    ]) {
      expect(youtubeVideoId(other), other).toBeNull();
    }
  });
});
