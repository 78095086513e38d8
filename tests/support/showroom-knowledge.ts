// A showroom's typed knowledge, three headed passages, for a voice assistant's test set (ADR 0062):
// tests of its opening hours and repairs pass, and the repairs sentence is the one a change breaks.

export const SHOWROOM_KNOWLEDGE = `Opening hours

The showroom in Pune is open from 10 am to 7 pm, Monday to Saturday.

Repairs

Our workshop repairs widgets within 48 hours.

Delivery

We deliver across India in three to five working days.`

/** The same knowledge after the owner rewrites the repairs sentence. */
export const SHOWROOM_KNOWLEDGE_CHANGED = SHOWROOM_KNOWLEDGE.replace('within 48 hours', 'within a week')
