import { describe, expect, it } from 'vitest';
import { canConfirmDelete } from './delete-confirmation';

describe('delete confirmation', () => {
  it('is enabled only for exactly "delete"', () => {
    expect(canConfirmDelete('delete')).toBe(true);
    expect(canConfirmDelete('Delete')).toBe(false);
    expect(canConfirmDelete('DELETE')).toBe(false);
    expect(canConfirmDelete(' delete')).toBe(false);
    expect(canConfirmDelete('delet')).toBe(false);
    expect(canConfirmDelete('')).toBe(false);
  });
});
