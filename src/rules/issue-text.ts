import type { z } from 'zod';
import { isPhrase, say, type Phrase, type Text } from '../i18n/text.ts';

/**
 * A schema's error as a phrase (issue 43): zod keeps an error as text, so the phrase rides in it as
 * JSON behind a mark, and issueText reads it back. A refusal built from an issue is then worded in
 * its reader's language like every other.
 */
const MARK = 'umpire-phrase:';

/** The `error` a schema gives for `phrase`. */
export const phraseError = (phrase: Phrase): string => MARK + JSON.stringify(phrase);

/** A zod issue as a reader's text: the schema's own phrase, else what zod found, by its code. */
export function issueText(issue: z.core.$ZodIssue): Text {
  if (issue.message.startsWith(MARK)) {
    const phrase: unknown = JSON.parse(issue.message.slice(MARK.length));
    if (isPhrase(phrase)) return phrase;
  }
  switch (issue.code) {
    case 'unrecognized_keys':
      return say('rules.issue.unknownKeys', { n: issue.keys.length, keys: issue.keys.map((k) => `"${k}"`).join(', ') });
    case 'invalid_type':
      return say('rules.issue.invalidType', { expected: issue.expected });
    case 'invalid_value':
      return say('rules.issue.invalidValue', { values: issue.values.map((v) => JSON.stringify(v)).join(', ') });
    case 'too_small':
      return say(issue.inclusive === false ? 'rules.issue.moreThan' : 'rules.issue.tooSmall', { minimum: String(issue.minimum) });
    case 'too_big':
      return say(issue.inclusive === false ? 'rules.issue.lessThan' : 'rules.issue.tooBig', { maximum: String(issue.maximum) });
    case 'invalid_format':
      return issue.format === 'regex' && 'pattern' in issue && typeof issue.pattern === 'string' ? say('rules.issue.pattern', { pattern: issue.pattern }) : say('rules.issue.format', { format: issue.format });
    case 'not_multiple_of':
      return say('rules.issue.multipleOf', { divisor: String(issue.divisor) });
    case 'invalid_union':
      return say('rules.issue.invalid');
    default:
      return issue.message;
  }
}

/** An issue where it is in a file: `sides[0].commands[1].name: expected a name`. */
export const issueAt = (path: string, issue: z.core.$ZodIssue): Text => say('rules.issue.at', { path: path || '(file)', problem: issueText(issue) });
