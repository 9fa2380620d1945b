// The design system's interactive pieces: modal keyboard behaviour, toasts, field wiring.
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { FileField, PasswordField, TextArea, TextField } from './field';
import { Modal } from './modal';
import { Toaster, showToast } from './toast';

afterEach(cleanup);

function ModalHarness({ dismissible = true }: { dismissible?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="¿Eliminar esta publicación?"
        dismissible={dismissible}
        footer={
          <>
            <Button onClick={() => setOpen(false)}>Sí, eliminar</Button>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              No, mantener
            </Button>
          </>
        }
      >
        <p>Esta acción no se puede deshacer.</p>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('moves focus in, keeps Tab inside, closes with Escape and returns focus', async () => {
    const user = userEvent.setup();
    render(<ModalHarness />);
    const opener = screen.getByRole('button', { name: 'Abrir' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: '¿Eliminar esta publicación?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cerrar' }));
    expect(opener.closest('[inert]')).not.toBeNull();
    expect(document.body.classList.contains('has-modal')).toBe(true);

    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sí, eliminar' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'No, mantener' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cerrar' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'No, mantener' }));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(opener.closest('[inert]')).toBeNull();
    expect(document.body.classList.contains('has-modal')).toBe(false);
  });

  it('opens a dialog with a field on that field, not on ✕ (issue 28 §14)', async () => {
    const user = userEvent.setup();
    function ComposeHarness() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Escribir
          </button>
          <Modal open={open} onClose={() => setOpen(false)} title="Deja tu mensaje">
            <label htmlFor="mensaje">Mensaje</label>
            <textarea id="mensaje" />
          </Modal>
        </>
      );
    }
    render(<ComposeHarness />);
    await user.click(screen.getByRole('button', { name: 'Escribir' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Mensaje'));
  });

  it('leaves the toasts usable and announced over an open dialog', async () => {
    const user = userEvent.setup();
    render(
      <>
        <ModalHarness />
        <Toaster />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    act(() => {
      showToast('error', 'No pudimos enviar tu memoria');
    });
    const toaster = document.querySelector('.toaster');
    expect(toaster?.closest('[inert]')).toBeNull();
    expect(toaster?.textContent).toContain('No pudimos enviar tu memoria');
  });

  it('refuses Escape while not dismissible', async () => {
    const user = userEvent.setup();
    render(<ModalHarness dismissible={false} />);
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('Toaster', () => {
  it('shows success, error and warning toasts and hides them after a while', () => {
    vi.useFakeTimers();
    try {
      render(<Toaster durationMs={5000} />);
      act(() => {
        showToast('success', 'Su memoria ha sido enviada', 'Espera a que el administrador la apruebe.');
        showToast('warning', 'Atención');
      });
      const region = screen.getByRole('status');
      expect(region.getAttribute('aria-live')).toBe('polite');
      expect(region.textContent).toContain('Su memoria ha sido enviada');
      expect(region.querySelectorAll('.toast--success, .toast--warning')).toHaveLength(2);
      act(() => {
        vi.advanceTimersByTime(5001);
      });
      expect(region.textContent).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('fields', () => {
  it('tie label, hint and error to the control', () => {
    render(<TextField label="Nombre" hint="Como aparecerá en el memorial" error="Ingresa tu nombre" />);
    const input = screen.getByLabelText('Nombre');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Como aparecerá en el memorial', 'Ingresa tu nombre']);
  });

  it('block Enter in single-line fields when asked (spec §5)', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent)}>
        <TextField label="Nombre" blockEnter />
        <TextField label="Lugar" />
        <button type="submit">Guardar</button>
      </form>,
    );
    await user.type(screen.getByLabelText('Nombre'), 'Rosa{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Lugar'), 'Lima{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('show a live n/max counter and toggle password visibility', async () => {
    const user = userEvent.setup();
    render(
      <>
        <TextArea label="Mensaje" count={{ value: 12, max: 500 }} />
        <PasswordField label="Contraseña actual" toggleSubject="contraseña actual" />
      </>,
    );
    expect(screen.getByText('12/500')).toBeTruthy();
    const password = screen.getByLabelText('Contraseña actual');
    expect(password.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Mostrar contraseña actual' }));
    expect(password.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Ocultar contraseña actual' }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('FileField', () => {
  it('chooses a file with a Spanish button and names it, the input keeping the label, hint and error', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { container } = render(<FileField label="Logo" action="Elegir logo" hint="PNG, JPEG o WebP." error="Elige el logo" onChange={onChange} />);
    const input = screen.getByLabelText('Logo');
    expect(input.getAttribute('type')).toBe('file');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(screen.getByText('PNG, JPEG o WebP.').id);
    expect(container.textContent).toContain('Elegir logo');
    expect(container.textContent).toContain('Ningún archivo elegido');
    await user.upload(input, new File(['png'], 'funeraria.png', { type: 'image/png' }));
    expect(container.textContent).toContain('funeraria.png');
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
