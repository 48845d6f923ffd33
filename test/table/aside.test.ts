import { afterEach, describe, expect, it, vi } from 'vitest';
import { Aside } from '../../src/table/console.ts';

describe('a line that comes while the table waits for input (issue 39)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('given no prompt yet, when a line is said, then it prints as it comes; given the prompt, then it goes to the prompt’s printer, once', () => {
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void errors.push(a.join(' ')));
    const aside = new Aside();
    const { say } = aside;
    say('Battle pages on http://127.0.0.1:8080');
    expect(errors).toEqual(['Battle pages on http://127.0.0.1:8080']);
    const abovePrompt: string[] = [];
    aside.attach((line) => abovePrompt.push(line));
    say('The battle pages could not start on 127.0.0.1:8080: port 8080 is taken by another program.');
    expect(abovePrompt).toEqual(['The battle pages could not start on 127.0.0.1:8080: port 8080 is taken by another program.']);
    expect(errors).toHaveLength(1);
  });
});
