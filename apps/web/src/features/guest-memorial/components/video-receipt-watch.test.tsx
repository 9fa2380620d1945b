// Issue 26: a visitor who left no e-mail learns on the guest page that the video they sent could
// not be processed — while the page is open, or on their next visit — and only of their own videos.
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Toaster, dismissToast } from '../../../components/toast';
import { mockApi } from '../../../test/render';
import { rememberVideoReceipt, videoReceiptsOf } from '../api/video-receipts';
import { VIDEO_FAILED_TITLE, watchVideoReceipts } from './video-receipt-watch';

const MINE = 'a'.repeat(43);
const OTHER_MEMORIAL = 'b'.repeat(43);
const FAILED = 'No pudimos procesar este video. Prueba a enviarlo de nuevo o con otro archivo';

beforeEach(() => localStorage.clear());
afterEach(() => {
  for (let id = 0; id < 100; id++) act(() => dismissToast(id));
});

describe("the guest page's watch over a visitor's videos being converted", () => {
  it('says, in a toast that stays until closed, that the video could not be processed, asking only about this memorial’s videos, then forgets it', async () => {
    rememberVideoReceipt('mem-1', MINE);
    rememberVideoReceipt('mem-2', OTHER_MEMORIAL);
    let state = 'processing';
    const calls = mockApi({
      'POST /content/guest-video-states': () => ({ code: '200', data: { videos: [{ receipt: MINE, state, ...(state === 'failed' ? { message: FAILED } : {}) }] } }),
    });
    render(<Toaster durationMs={10} />);
    const watch = watchVideoReceipts('mem-1');
    try {
      await waitFor(() => expect(calls).toHaveLength(1));
      expect(calls[0]?.body).toEqual({ identifier: 'mem-1', receipts: [MINE] });
      expect(screen.queryByText(VIDEO_FAILED_TITLE)).toBeNull();
      expect(videoReceiptsOf('mem-1').map((item) => item.receipt)).toEqual([MINE]);

      state = 'failed';
      watch.poke();
      await screen.findByText(VIDEO_FAILED_TITLE);
      expect(screen.getByText(`${FAILED}.`)).toBeTruthy();
      expect(videoReceiptsOf('mem-1')).toEqual([]);
      expect(videoReceiptsOf('mem-2').map((item) => item.receipt)).toEqual([OTHER_MEMORIAL]);
      // Other toasts go after 10 ms here; this one stays.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.getByText(VIDEO_FAILED_TITLE)).toBeTruthy();
      // Nothing left to ask about.
      watch.poke();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(calls).toHaveLength(2);
    } finally {
      watch.stop();
    }
  });

  it('forgets a video that is ready or that the family removed, without a word', async () => {
    rememberVideoReceipt('mem-1', MINE);
    const calls = mockApi({ 'POST /content/guest-video-states': () => ({ code: '200', data: { videos: [{ receipt: MINE, state: 'ready' }] } }) });
    render(<Toaster />);
    const watch = watchVideoReceipts('mem-1');
    try {
      await waitFor(() => expect(calls).toHaveLength(1));
      await waitFor(() => expect(videoReceiptsOf('mem-1')).toEqual([]));
      expect(document.querySelector('.toast')).toBeNull();
    } finally {
      watch.stop();
    }
  });
});
