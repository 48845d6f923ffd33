/**
 * The secrecy suites' battle at the table: percentile, North (commands C1, C2) against South (C3,
 * C4), each command given to its player where `players` names one (the others' votes a GM casts).
 */
export const secretsBattle = (players: Partial<Record<'C1' | 'C2' | 'C3' | 'C4', string>>): string[] => [
  '@gm /battle create name:Secrets system:percentile',
  '@gm /side add name:North',
  '@gm /side add name:South',
  ...['C1', 'C2'].map((c) => `@gm /command add name:${c} side:North`),
  ...['C3', 'C4'].map((c) => `@gm /command add name:${c} side:South`),
  ...Object.entries(players).map(([c, user]) => `@gm /command assign command:${c} user:${user}`),
];
