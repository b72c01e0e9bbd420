import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SnackbarHost from '../../src/islands/SnackbarHost.tsx';
import { showSnackbar } from '../../src/stores/snackbar.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('snackbar', () => {
  it('shows a message and hides it by itself after six seconds', () => {
    vi.useFakeTimers();
    render(<SnackbarHost />);
    act(() => showSnackbar('Saved', 'success'));
    expect(screen.getByTestId('snackbar').textContent).toContain('Saved');
    act(() => vi.advanceTimersByTime(5900));
    expect(screen.queryByTestId('snackbar')).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByTestId('snackbar')).toBeNull();
  });

  it('restarts the six seconds when a new message replaces the old one', () => {
    vi.useFakeTimers();
    render(<SnackbarHost />);
    act(() => showSnackbar('First'));
    act(() => vi.advanceTimersByTime(4000));
    act(() => showSnackbar('Second'));
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.getByTestId('snackbar').textContent).toContain('Second');
    act(() => vi.advanceTimersByTime(2100));
    expect(screen.queryByTestId('snackbar')).toBeNull();
  });

  it('keeps a message that asks for a choice until the reader makes it, and runs what they chose', () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    render(<SnackbarHost />);
    act(() =>
      showSnackbar('A new version is available', 'info', { label: 'Reload', run: reload }, { persistent: true }),
    );
    act(() => vi.advanceTimersByTime(60_000));
    const button = screen.getByRole('button', { name: 'Reload' });
    fireEvent.click(button);
    expect(reload).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('snackbar')).toBeNull();
  });
});
