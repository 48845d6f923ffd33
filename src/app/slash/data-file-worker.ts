import { parentPort, workerData } from 'node:worker_threads';
import { RuleError } from '../../rules/errors.ts';
import { readDataText, type WorkerAnswer } from './data-file.ts';
import { say, type Text } from '../../i18n/text.ts';

/** A worker thread reading one long data file (parseDataFile), so that the bot goes on answering others meanwhile. */
const { name, text, what } = workerData as { name: string; text: string; what: Text };
let answer: WorkerAnswer;
try {
  answer = { value: readDataText(name, text, what) };
} catch (err) {
  answer = { error: err instanceof RuleError ? err.text : say('app.dataFile.again', { name }) };
}
parentPort!.postMessage(answer);
