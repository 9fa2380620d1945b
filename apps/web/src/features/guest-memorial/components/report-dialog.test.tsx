import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Post } from '@recuerdos/shared/api-types';
import { errorsShown, mockApi } from '../../../test/render';
import { ReportDialog } from './report-dialog';

const POST: Post = { identifier: 'mem-1', reg: 'reg-7', date: '2026-01-02', fullname: 'Lucía', text: 'Te recordamos', path: '', place: 1 };

describe("the guest page's report dialog", () => {
  it('shows the message of each field it refuses and sends nothing', async () => {
    const user = userEvent.setup();
    const calls = mockApi({});
    render(<ReportDialog identifier="mem-1" post={POST} onClose={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Enviar reporte' }));
    expect(errorsShown()).toEqual(['Elige el motivo del reporte']);
    await user.click(screen.getByLabelText('Otro motivo'));
    await user.click(screen.getByRole('button', { name: 'Enviar reporte' }));
    expect(errorsShown()).toEqual(['Cuéntanos el motivo del reporte']);
    expect(calls).toHaveLength(0);
  });

  it("says why the server refused, keeps what was chosen, and closes once a new try is sent", async () => {
    const user = userEvent.setup();
    let refusing = true;
    const calls = mockApi({
      'POST /content/report-post': () => (refusing ? { code: '404', message: 'No encontramos este recuerdo' } : { code: '200', message: 'ok' }),
    });
    const onClose = vi.fn();
    render(<ReportDialog identifier="mem-1" post={POST} onClose={onClose} />);
    await user.click(screen.getByLabelText('Es publicidad o spam'));
    await user.click(screen.getByRole('button', { name: 'Enviar reporte' }));
    expect((await screen.findByRole('alert')).textContent).toContain('No encontramos este recuerdo');
    expect(screen.getByLabelText<HTMLInputElement>('Es publicidad o spam').checked).toBe(true);
    expect(onClose).not.toHaveBeenCalled();

    refusing = false;
    await user.click(screen.getByRole('button', { name: 'Enviar reporte' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(calls.map((call) => call.body)).toEqual([
      { identifier: 'mem-1', date: 'reg-7', reason: 'spam', details: '' },
      { identifier: 'mem-1', date: 'reg-7', reason: 'spam', details: '' },
    ]);
  });
});
