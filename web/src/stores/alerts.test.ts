import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import { addAlert, alertsAtom, createAlertService, removeAlert, type Alert } from './alerts';

const a = (id: number, message = `m${id}`, kind: Alert['kind'] = 'info'): Alert => ({ id, kind, message });

describe('addAlert / removeAlert', () => {
  it('given alerts, when one is added, then it goes to the end', () => {
    expect(addAlert([a(1)], a(2)).map((x) => x.id)).toEqual([1, 2]);
  });

  it('given an identical alert showing, when added again, then the old one is replaced', () => {
    expect(addAlert([a(1, 'same'), a(2)], a(3, 'same')).map((x) => x.id)).toEqual([2, 3]);
  });

  it('given the same text with another kind, when added, then both stay', () => {
    expect(addAlert([a(1, 'same', 'info')], a(2, 'same', 'error'))).toHaveLength(2);
  });

  it('given the maximum is reached, when one is added, then the oldest is dropped', () => {
    expect(addAlert([a(1), a(2), a(3)], a(4), 3).map((x) => x.id)).toEqual([2, 3, 4]);
  });

  it('given an unknown id, when removed, then the same list is returned', () => {
    const list = [a(1)];
    expect(removeAlert(list, 9)).toBe(list);
    expect(removeAlert(list, 1)).toEqual([]);
  });
});

describe('createAlertService', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('given an alert is shown, when 8 seconds pass, then it is gone', () => {
    const store = createStore();
    const alerts = createAlertService(store);
    alerts.show('warning', 'Heads up');
    expect(store.get(alertsAtom)).toMatchObject([{ kind: 'warning', message: 'Heads up' }]);
    vi.advanceTimersByTime(7999);
    expect(store.get(alertsAtom)).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.get(alertsAtom)).toEqual([]);
  });

  it('given an alert is shown, when dismissed, then it is gone at once', () => {
    const store = createStore();
    const alerts = createAlertService(store);
    const id = alerts.show('error', 'Failed');
    alerts.dismiss(id);
    expect(store.get(alertsAtom)).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('given a duplicate is shown later, when the first would expire, then the new one still shows', () => {
    const store = createStore();
    const alerts = createAlertService(store);
    alerts.show('info', 'Ladder saved');
    vi.advanceTimersByTime(5000);
    alerts.show('info', 'Ladder saved');
    vi.advanceTimersByTime(5000);
    expect(store.get(alertsAtom)).toHaveLength(1);
    vi.advanceTimersByTime(3000);
    expect(store.get(alertsAtom)).toEqual([]);
  });

  it('given several alerts, when cleared, then none remain and no timers are left', () => {
    const store = createStore();
    const alerts = createAlertService(store);
    alerts.show('info', 'one');
    alerts.show('error', 'two');
    alerts.clear();
    expect(store.get(alertsAtom)).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
