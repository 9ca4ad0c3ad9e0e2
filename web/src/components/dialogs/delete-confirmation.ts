/** Spec §4/§5: the word to type in the delete confirmation, compared case-sensitively. */
const DELETE_WORD = 'delete';

export function canConfirmDelete(text: string): boolean {
  return text === DELETE_WORD;
}
