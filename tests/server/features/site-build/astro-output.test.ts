import { describe, expect, it } from 'vitest';
import { readBuildOutput } from '../../../../src/server/features/site-build/astro-output.ts';

describe("reading the build's output", () => {
  it('counts every page when pages render several at a time and their lines interleave', () => {
    const lines: string[] = [];
    const output = readBuildOutput((line) => lines.push(line));
    output.feed('10:02:03 [build] Building static entrypoints...\n');
    // Two renders in flight: the second name arrives before the first one's time.
    output.feed('10:02:04   ├─ /news/1/index.html');
    output.feed('  ├─ /stocks/ABC/index.html (cached)\n');
    output.feed('  ├─ /news/2/index.html (+3ms)\n (+5ms)\n');
    output.feed('  ├─ /news/3/index.html (+2ms)   ├─ /news/4/index.html (restored)\n');
    expect(output.pages).toEqual({ rendered: 3, unchanged: 2 });
    const counted = Object.values(output.sections).reduce((sum, s) => sum + s.rendered + s.unchanged, 0);
    expect(counted).toBe(5);
    expect(lines).toEqual(['10:02:03 [build] Building static entrypoints...']);
  });
});
