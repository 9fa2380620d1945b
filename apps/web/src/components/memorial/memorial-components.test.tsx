// The memorial components shared by the guest page and the account area, under React (the guest
// bundle runs the same components on Preact; the browser tests cover that side).
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Gifts, PersonData, Post } from '@recuerdos/shared/api-types';
import { MESSAGES } from '@recuerdos/shared/fields';
import { CopyLinkButton } from './copy-link-button';
import { jpegQualityFor } from './crop-image';
import { DeletePostDialog } from './delete-post-dialog';
import { MediaViewer } from './media-viewer';
import { PictureCropField, pictureFieldError } from './picture-crop-field';
import { PostMediaField } from './post-media-field';
import { PostCard, VIDEO_FALLBACK_TEXT, postAuthor, postCardKind } from './post-card';
import { PostList } from './post-list';
import { ProfileCard } from './profile-card';
import { UploadProgress } from './upload-progress';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const PERSON: PersonData = {
  fullname: 'Rosa Mamani Huamán',
  profilepath: '/media/abc.jpg',
  birthdate: '1941-03-14',
  deathdate: '2023-09-05T10:00:00',
  description: 'Tu amor vive en cada uno de nosotros.',
  location: 'Cementerio Presbítero Maestro, Lima',
};
const GIFTS: Gifts = { candles: 120, flowers: 7 };

function post(overrides: Partial<Post> = {}): Post {
  return { identifier: 'mem1', reg: '2026-11-22 10:00:00.000', date: '2026-11-22 10:00:00.000', fullname: 'Carmen Rojas', text: 'Siempre contigo.', path: '', place: 1, ...overrides };
}

describe('ProfileCard', () => {
  it('shows the photo with srcset, the name, the dates as year and "DD de Mon", capped counts, epitaph and place', () => {
    render(<ProfileCard person={PERSON} gifts={GIFTS} variant="guest" guestLink="https://recuerdos.pe/guest?id=mem1" headingLevel={1} />);
    const photo = screen.getByRole('img', { name: 'Foto de Rosa Mamani Huamán' });
    expect(photo.getAttribute('src')).toBe('/media/abc.jpg');
    expect(photo.getAttribute('srcset')).toBe('/media/abc-130.webp 130w, /media/abc-260.webp 260w, /media/abc-300.webp 300w');
    expect(photo.getAttribute('width')).toBe('130');
    expect(screen.getByRole('heading', { level: 1, name: 'Rosa Mamani Huamán' })).toBeTruthy();
    expect(screen.getByText('1941')).toBeTruthy();
    expect(screen.getByText('14 de Mar')).toBeTruthy();
    expect(screen.getByText('2023')).toBeTruthy();
    expect(screen.getByText('05 de Set')).toBeTruthy();
    expect(screen.getByText('+99 velas encendidas')).toBeTruthy();
    expect(screen.getByText('7 ramos de flores')).toBeTruthy();
    expect(screen.getByText('Tu amor vive en cada uno de nosotros.')).toBeTruthy();
    expect(screen.getByText('Cementerio Presbítero Maestro, Lima')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copiar enlace del perfil' })).toBeTruthy();
    expect(screen.queryByText('Previsualización')).toBeNull();
  });

  it('shows a placeholder without a photo, the admin action in the admin view and the banner in the preview', () => {
    const { rerender } = render(
      <ProfileCard person={{ ...PERSON, profilepath: '' }} gifts={GIFTS} variant="admin" editAction={<a href="/account/edit-basic-data">Editar datos</a>} />,
    );
    expect(screen.getByRole('img', { name: 'Rosa Mamani Huamán aún no tiene foto' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Editar datos' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copiar enlace del perfil' })).toBeNull();
    rerender(<ProfileCard person={PERSON} gifts={GIFTS} variant="preview" photoOverride="blob:preview" editAction={<a href="/x">Editar datos</a>} />);
    expect(screen.getByText('Previsualización')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Foto de Rosa Mamani Huamán' }).getAttribute('src')).toBe('blob:preview');
    expect(screen.queryByRole('link', { name: 'Editar datos' })).toBeNull();
  });

  it('pops a count only when it changes after the first render', () => {
    const { container, rerender } = render(<ProfileCard person={PERSON} gifts={{ candles: 3, flowers: 4 }} variant="guest" />);
    expect(container.querySelectorAll('.profile-card__count--bump')).toHaveLength(0);
    rerender(<ProfileCard person={PERSON} gifts={{ candles: 4, flowers: 4 }} variant="guest" />);
    const bumped = container.querySelectorAll('.profile-card__count--bump');
    expect(bumped).toHaveLength(1);
    expect(bumped[0]?.textContent).toBe('4');
  });
});

describe('CopyLinkButton', () => {
  it("copies the link and says 'Enlace copiado' for 3 seconds", async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<CopyLinkButton link="https://recuerdos.pe/guest?id=mem1" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copiar enlace del perfil' }));
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith('https://recuerdos.pe/guest?id=mem1');
    expect(screen.getByRole('button', { name: 'Enlace copiado' })).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(2999);
    });
    expect(screen.getByRole('button', { name: 'Enlace copiado' })).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('button', { name: 'Copiar enlace del perfil' })).toBeTruthy();
  });

  it('says so when the browser refuses the clipboard, and gives the link selected in a field', async () => {
    const writeText = vi.fn((): Promise<void> => Promise.reject(new DOMException('Not allowed', 'NotAllowedError')));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const execCommand = vi.fn(() => false);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    render(<CopyLinkButton link="https://recuerdos.pe/guest?id=mem1" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copiar enlace del perfil' }));
      await Promise.resolve();
    });
    expect(screen.getByRole('status').textContent).toBe('No pudimos copiar el enlace. Cópialo desde aquí:');
    const field = screen.getByLabelText<HTMLInputElement>('Enlace del perfil');
    expect(field.value).toBe('https://recuerdos.pe/guest?id=mem1');
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, field.value.length]);
    expect(screen.queryByRole('button', { name: 'Enlace copiado' })).toBeNull();
    // Allowed again: copied, and the field goes.
    writeText.mockImplementation(() => Promise.resolve());
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copiar enlace del perfil' }));
      await Promise.resolve();
    });
    expect(screen.getByRole('button', { name: 'Enlace copiado' })).toBeTruthy();
    expect(screen.queryByLabelText('Enlace del perfil')).toBeNull();
    Reflect.deleteProperty(document, 'execCommand');
  });
});

describe('PostCard', () => {
  it('tells picture, video and text posts apart and signs them as the spec says', () => {
    expect(postCardKind(post({ path: '/media/k.jpg' }))).toBe('picture');
    expect(postCardKind(post({ path: '/media/k.mp4' }))).toBe('video');
    expect(postCardKind(post())).toBe('text');
    expect(postAuthor(post(), 'owner')).toBe('Familia');
    expect(postAuthor(post(), 'guest')).toBe('De Carmen Rojas');
  });

  it("offers 'Reportar' when asked to, and marks a memory an operator hid (the owner's view)", async () => {
    const onRequestReport = vi.fn();
    render(<PostCard post={post({ path: '/media/k.jpg' })} authorKind="guest" onRequestReport={onRequestReport} />);
    await userEvent.click(screen.getByRole('button', { name: 'Reportar este recuerdo' }));
    expect(onRequestReport).toHaveBeenCalledTimes(1);
    cleanup();
    render(<PostCard post={post({ hidden: true, hiddenReason: 'No corresponde a este memorial.' })} authorKind="guest" />);
    expect(screen.getByRole('note').textContent).toBe('Oculto por el equipo de Recuerdos. Solo tú lo ves. Motivo: No corresponde a este memorial.');
    expect(screen.queryByRole('button', { name: /Reportar/ })).toBeNull();
  });

  it("shows the owner a video still converting with its progress, and one whose conversion failed with why, neither openable (issue 26)", () => {
    const onOpen = vi.fn();
    render(<PostCard post={post({ path: '/media/k.mp4', processing: { progress: 40 } })} authorKind="owner" onOpenMedia={onOpen} />);
    expect(screen.getByRole('status').textContent).toBe('Procesando el video… 40 %');
    expect(screen.queryByRole('button', { name: 'Ver video en grande' })).toBeNull();
    cleanup();
    render(<PostCard post={post({ path: '/media/k.mp4', failed: 'No pudimos procesar este video. Prueba a enviarlo de nuevo o con otro archivo' })} authorKind="owner" onOpenMedia={onOpen} />);
    expect(screen.getByRole('alert').textContent).toBe('No pudimos procesar este video. Prueba a enviarlo de nuevo o con otro archivo');
    expect(screen.queryByRole('button', { name: 'Ver video en grande' })).toBeNull();
    cleanup();
    render(<PostCard post={post({ path: '/media/k.mp4', poster: '/media/k-poster.jpg' })} authorKind="owner" onOpenMedia={onOpen} />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('button', { name: 'Ver video en grande' })).toBeTruthy();
  });

  it('renders a text card with title, message and date', () => {
    render(<PostCard post={post()} authorKind="guest" />);
    const card = screen.getByRole('article');
    expect(within(card).getByRole('heading', { level: 3, name: 'De Carmen Rojas' })).toBeTruthy();
    expect(within(card).getByText('Siempre contigo.')).toBeTruthy();
    expect(within(card).getByText('22 de noviembre del 2026')).toBeTruthy();
  });

  it('renders a 240×240 picture card that turns over to the dedication and opens the viewer', async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    render(<PostCard post={post({ path: '/media/k.jpg' })} authorKind="owner" onOpenMedia={onOpen} />);
    const image = screen.getByRole('img');
    expect(image.getAttribute('width')).toBe('240');
    expect(image.getAttribute('height')).toBe('240');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('srcset')).toBe('/media/k-240.webp 240w, /media/k-480.webp 480w, /media/k-800.webp 800w');
    expect(image.getAttribute('sizes')).toBe('240px');
    // The back is empty (and inert) until the card is turned.
    expect(screen.queryByText('Dedicatoria')).toBeNull();
    const flip = screen.getByRole('button', { name: 'Ver dedicatoria' });
    await user.click(flip);
    expect(flip.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Dedicatoria').closest('[inert]')).toBeNull();
    expect(screen.getByText('Familia')).toBeTruthy();
    expect(screen.getByText('22 de noviembre del 2026')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ver foto' }));
    await user.click(screen.getByRole('button', { name: 'Ver foto en grande' }));
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('renders a video card as its poster frame, plays it in the viewer with the fallback text, and deletes when allowed', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    const onOpen = vi.fn();
    const video = post({ path: '/media/k.mp4', poster: '/media/k-poster.jpg', text: 'Su cumpleaños' });
    const { container } = render(<PostCard post={video} authorKind="guest" onOpenMedia={onOpen} onRequestDelete={onDelete} />);
    // The poster is an image that loads lazily; no <video> (and no player) until the visitor asks.
    const poster = screen.getByRole('img', { name: 'Imagen del video: Su cumpleaños' });
    expect(poster.getAttribute('src')).toBe('/media/k-poster.jpg');
    expect(poster.getAttribute('loading')).toBe('lazy');
    expect(container.querySelector('video')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Ver video en grande' }));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ path: '/media/k.mp4' }));
    await user.click(screen.getByRole('button', { name: 'Eliminar publicación' }));
    expect(onDelete).toHaveBeenCalledWith(expect.objectContaining({ path: '/media/k.mp4' }));
  });

  it('shows a dark square for a video without a poster frame yet', () => {
    const { container } = render(<PostCard post={post({ path: '/media/k.mp4' })} authorKind="owner" />);
    expect(container.querySelector('span.post-card__media')).not.toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('lists posts in order, eager only at the top, and a gentle text when there are none', () => {
    const posts = [post({ reg: 'a', date: '2026-01-01', path: '/media/a.jpg' }), post({ reg: 'b', date: '2026-01-02', path: '/media/b.jpg' })];
    const { rerender } = render(<PostList posts={posts} authorKind="owner" eagerCount={1} emptyText="Aún no hay publicaciones." />);
    const images = screen.getAllByRole('img');
    expect(images.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'lazy']);
    rerender(<PostList posts={[]} authorKind="owner" emptyText="Aún no hay publicaciones." />);
    expect(screen.getByText('Aún no hay publicaciones.')).toBeTruthy();
  });
});

describe('MediaViewer', () => {
  it('plays .mp4 as a video and shows anything else as an image', () => {
    const { rerender } = render(<MediaViewer path="/media/k.mp4" description="Video de la familia" onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Video' });
    const player = dialog.querySelector('video[controls]');
    expect(player?.getAttribute('src')).toBe('/media/k.mp4');
    expect(player?.textContent).toBe(VIDEO_FALLBACK_TEXT);
    rerender(<MediaViewer path="/media/k.jpg" description="Foto de la familia" onClose={() => undefined} />);
    expect(screen.getByRole('img', { name: 'Foto de la familia' }).getAttribute('srcset')).toContain('/media/k-800.webp 800w');
    rerender(<MediaViewer path={null} description="" onClose={() => undefined} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes with Escape', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<MediaViewer path="/media/k.jpg" description="Foto" onClose={onClose} />);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});

describe('DeletePostDialog', () => {
  it("asks 'Sí, eliminar' or 'No, mantener'", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<DeletePostDialog open onConfirm={onConfirm} onCancel={onCancel} />);
    await user.click(screen.getByRole('button', { name: 'No, mantener' }));
    expect(onCancel).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Sí, eliminar' }));
    expect(onConfirm).toHaveBeenCalled();
  });
});

describe('UploadProgress', () => {
  it('shows the percentage as text and as a progress bar', () => {
    render(<UploadProgress percent={42.4} label="Subiendo tu foto" />);
    expect(screen.getByText('42%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Subiendo tu foto' }).getAttribute('aria-valuenow')).toBe('42');
  });
});

describe('a file chosen in Spanish, whatever the browser’s language', () => {
  const visibleText = (container: HTMLElement) => container.textContent;

  it('names the photo field’s button in Spanish, and «Elegir otra foto» when a photo is saved', () => {
    const { container, rerender } = render(<PictureCropField canvasSize={800} value={null} onChange={() => undefined} />);
    expect(visibleText(container)).toContain('Elegir foto');
    rerender(<PictureCropField canvasSize={300} value={null} onChange={() => undefined} current={{ src: '/media/a.jpg', alt: 'Foto actual' }} />);
    expect(visibleText(container)).toContain('Elegir otra foto');
    // The real input keeps the field's label: the picker, the keyboard and a screen reader use it.
    expect(screen.getByLabelText('Foto').getAttribute('type')).toBe('file');
  });

  it('shows the video chosen by its name, and none again once a refused one clears the field', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onVideo = vi.fn();
    const onProblem = vi.fn();
    const { container } = render(
      <PostMediaField kind="video" picture={null} error={undefined} disabled={false} onPicture={() => undefined} onCropPending={() => undefined} onVideo={onVideo} onProblem={onProblem} />,
    );
    expect(visibleText(container)).toContain('Elegir video');
    expect(visibleText(container)).toContain('Ningún archivo elegido');
    const input = screen.getByLabelText('Video');
    await user.upload(input, new File(['....ftypmp42'], 'misa de mamá.mp4', { type: 'video/mp4' }));
    expect(visibleText(container)).toContain('misa de mamá.mp4');
    expect(onVideo).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'misa de mamá.mp4' }));
    await user.upload(input, new File(['GIF89a'], 'fiesta.gif', { type: 'image/gif' }));
    expect(onVideo).toHaveBeenLastCalledWith(null);
    expect(onProblem).toHaveBeenLastCalledWith(expect.any(String));
    expect(visibleText(container)).not.toContain('fiesta.gif');
    expect(visibleText(container)).toContain('Ningún archivo elegido');
  });
});

describe('PictureCropField', () => {
  it('refuses a file that is not PNG or JPG and says which message a submit shows', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onChange = vi.fn();
    render(<PictureCropField canvasSize={800} value={null} onChange={onChange} />);
    await user.upload(screen.getByLabelText('Foto'), new File(['GIF89a'], 'fiesta.gif', { type: 'image/gif' }));
    expect(screen.getByText(MESSAGES.pictureInvalid)).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
    expect(pictureFieldError(null, false)).toBe('Selecciona una foto');
    expect(pictureFieldError(null, true)).toBe('Selecciona la imagen cortada');
    expect(pictureFieldError(new Blob(['x']), false)).toBeNull();
  });

  it('shows the cropper with «Seleccionar» once a picture is chosen', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:picture', revokeObjectURL: () => undefined }));
    const onPending = vi.fn();
    render(<PictureCropField canvasSize={800} value={null} onChange={() => undefined} onPendingChange={onPending} />);
    await user.upload(screen.getByLabelText('Foto'), new File(['\xff\xd8\xff'], 'abuela.jpg', { type: 'image/jpeg' }));
    expect(screen.getByRole('button', { name: 'Seleccionar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cambiar foto' })).toBeTruthy();
    // The file input is hidden now: the keyboard goes to the cropper's buttons, not to it.
    expect(screen.getByLabelText('Foto').tabIndex).toBe(-1);
    expect(onPending).toHaveBeenLastCalledWith(true);
  });

  it('while cropping, shows the submit message above the cropper and moves the focus to it (issue 28 §5)', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:picture', revokeObjectURL: () => undefined }));
    const field = (error?: string) => <PictureCropField canvasSize={800} value={null} onChange={() => undefined} error={error} />;
    // jsdom has no layout: record where the field asks the page to scroll.
    const scrolled: Element[] = [];
    HTMLElement.prototype.scrollIntoView = function (this: HTMLElement) {
      scrolled.push(this);
    };
    const { rerender } = render(field());
    await user.upload(screen.getByLabelText('Foto'), new File(['\xff\xd8\xff'], 'abuela.jpg', { type: 'image/jpeg' }));
    rerender(field(MESSAGES.pictureNotCropped));
    const message = screen.getByText('Selecciona la imagen cortada');
    await waitFor(() => expect(document.activeElement).toBe(message));
    expect(scrolled).toEqual([message]);
    delete (HTMLElement.prototype as Partial<HTMLElement>).scrollIntoView;
    const select = screen.getByRole('button', { name: 'Seleccionar' });
    expect(message.compareDocumentPosition(select) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByLabelText('Foto').getAttribute('aria-describedby')).toContain(message.id);
  });

  it('encodes at quality 0.6 above 2 MB, else 1 (spec §9)', () => {
    expect(jpegQualityFor(2 * 1024 * 1024)).toBe(1);
    expect(jpegQualityFor(2 * 1024 * 1024 + 1)).toBe(0.6);
  });
});
