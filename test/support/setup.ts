import { assemble } from '../../src/assemble.ts';

// Every test file plays on the program as its entry points assemble it: the four rule systems and every slash command.
assemble();
