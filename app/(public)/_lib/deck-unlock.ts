/** How long a right deck password keeps the deck open in this browser. */
export const UNLOCK_HOURS = 12;

export function unlockCookieName(deckId: string): string {
  return `deck_unlock_${deckId}`;
}
