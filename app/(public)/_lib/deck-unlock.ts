import { deckUnlockCookieName } from '@/server/services/share-pages';

/** How long a right deck password keeps the deck open in this browser. */
export const UNLOCK_HOURS = 12;

/** Shared with the share-page cache, which checks the same cookie before serving a cached deck. */
export const unlockCookieName = deckUnlockCookieName;
