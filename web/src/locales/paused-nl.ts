import type { PausedTranslation } from './paused-en';

/** Dutch texts of a paused team on the standings. */
const pausedNl: PausedTranslation = {
  paused: {
    until: 'Gepauzeerd tot {{day}}',
    refusal: 'Gepauzeerd',
    reason: 'Een van beide teams pauzeert tot het terug is.',
  },
};

export default pausedNl;
