import { sub } from '../../../app/slash/commands.ts';
import { unitNames } from '../../../app/slash/complete.ts';

export const fire = {
  brigade: sub({
    description: 'A volley of the acting formation, or defensive fire; casualties as given (no fire table in the source; BRG-2.2)',
    who: 'player',
    rank: 1,
    example: '/fire brigade firer:"1/45th Foot" target:"1/15e de Ligne" casualties:2',
    options: {
      firer: { kind: 'string', description: 'The firing unit, of the formation acting (or charged: BRG-3.2.4)', required: true, complete: unitNames },
      target: { kind: 'string', description: 'The enemy unit fired at', required: true, complete: unitNames },
      casualties: { kind: 'integer', description: 'Casualties inflicted, from your fire table; at most the strength it has left', required: true, min: 0, max: 1000 },
    },
    action: (o) => ({ type: 'BrigadeVolley', firer: o.firer, target: o.target, casualties: o.casualties }),
  }),
};
