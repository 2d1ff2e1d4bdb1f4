import { Actor } from './business-context';

/** The service acting on its own (the retention job, the mail dispatcher, a CLI command). */
export const SYSTEM_ACTOR: Actor = { type: 'system', id: null, name: 'System' };
