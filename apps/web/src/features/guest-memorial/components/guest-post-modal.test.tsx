import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/render';
import { GuestPostModal, SENT_TEXT, SENT_TITLE } from './guest-post-modal';
import { VISITORS_SECTION_TITLE } from './section-names';

const FULL = 'Este perfil ya tiene muchos recuerdos esperando la aprobación de la familia. Inténtalo de nuevo en unos días';

async function sendMessage() {
  const user = userEvent.setup();
  render(<GuestPostModal kind="message" identifier="mem-1" messagesAllowed onClose={() => undefined} />);
  await user.type(screen.getByLabelText('Tu nombre'), 'Lucía');
  await user.type(screen.getByLabelText('Tu mensaje'), 'Te recordamos');
  await user.click(screen.getByRole('button', { name: 'Guardar' }));
}

describe('the guest modal when the server refuses', () => {
  it('shows a refusal the visitor can act on (a full waiting list) and keeps what they typed', async () => {
    const calls = mockApi({ 'POST /content/save-guest-message': () => ({ code: '409', message: FULL }) });
    await sendMessage();
    expect((await screen.findByRole('alert')).textContent).toBe(FULL);
    expect(calls).toHaveLength(1);
    expect(screen.getByLabelText<HTMLTextAreaElement>('Tu mensaje').value).toBe('Te recordamos');
  });

  it('says so on other failures, keeps what was written, and sends it again on Reintentar (issue 13 §4)', async () => {
    let failing = true;
    const calls = mockApi({
      'POST /content/save-guest-message': () => (failing ? { code: '500', message: 'Ocurrió un error inesperado' } : { code: '200', message: 'Mensaje enviado', data: {} }),
    });
    await sendMessage();
    await waitFor(() => expect(calls).toHaveLength(1));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No pudimos enviar tu recuerdo. Ocurrió un error inesperado');
    expect(alert.textContent).toContain('Tu nombre y tu mensaje siguen aquí: puedes reintentarlo.');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Tu mensaje').value).toBe('Te recordamos');
    failing = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.body).toEqual(calls[0]?.body);
  });
});

describe("the guest modal's video field", () => {
  it('refuses a video over 50 MB and clears the field, and a fitting one takes the message away (spec §5)', async () => {
    const user = userEvent.setup();
    mockApi({});
    render(<GuestPostModal kind="video" identifier="mem-1" messagesAllowed onClose={() => undefined} />);
    const input = screen.getByLabelText<HTMLInputElement>('Video');
    const tooLarge = new File(['x'], 'misa.mp4', { type: 'video/mp4' });
    Object.defineProperty(tooLarge, 'size', { value: 50 * 1024 * 1024 + 1 });
    await user.upload(input, tooLarge);
    expect(screen.getByText('El video seleccionado excede los 50 MB')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.value).toBe('');

    await user.upload(input, new File(['x'], 'misa.mp4', { type: 'video/mp4' }));
    expect(screen.queryByText('El video seleccionado excede los 50 MB')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });
});

describe('the thank-you after a memory is sent (issue 28 §12)', () => {
  it('keeps the spec title and speaks to the visitor as tú, naming the section as the page does', () => {
    expect(SENT_TITLE).toBe('Su memoria ha sido enviada');
    expect(SENT_TEXT).toBe('La familia revisará tu recuerdo y, cuando lo apruebe, aparecerá en «Recuerdos compartidos por otros». Gracias por tu cariño.');
    expect(SENT_TEXT).toContain(`«${VISITORS_SECTION_TITLE}»`);
    expect(SENT_TEXT).not.toMatch(/\b(su|usted|memoria|muro)\b/i);
  });
});
