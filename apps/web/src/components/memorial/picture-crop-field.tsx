// Choose a picture (png, jpg, jpeg), crop it square with react-easy-crop (crop area 250 px, aspect 1,
// never less than 50 source pixels: spec §9), fix it with 'Seleccionar', and change it at will
// (spec §2 'Add-post dialog and guest modal'). The fixed crop reaches the form as a JPEG blob.
// The cropper's stylesheet is a file (the CSP forbids the <style> it would inject). A photo already
// saved (the profile's, in 'Editar datos') shows until another is chosen (issue 28 §8).
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import Cropper, { type Area, type MediaSize, type Point } from 'react-easy-crop';
import 'react-easy-crop/react-easy-crop.css';
import { MESSAGES } from '@recuerdos/shared/messages';
import { LIMITS, PICTURE_ACCEPT } from '@recuerdos/shared/limits';
import { pictureProblem } from '@recuerdos/shared/post-schemas';
import { Button } from '../button';
import { FileChoice } from '../file-choice';
import { cropToJpeg } from './crop-image';
import './picture-crop-field.css';

export interface PictureCropFieldProps {
  /** The square canvas sent to the server: 800 (posts) or 300 (profile photo). */
  canvasSize: number;
  /** The fixed crop, or null while none is fixed (to start over, re-mount the field with a new key). */
  value: Blob | null;
  onChange: (value: Blob | null) => void;
  /** True while a picture is chosen but its crop not fixed yet (the form then says 'Selecciona la imagen cortada'). */
  onPendingChange?: (pending: boolean) => void;
  /** The form's message for this field ('Selecciona una foto', 'Selecciona la imagen cortada'). */
  error?: string | undefined;
  label?: string;
  disabled?: boolean;
  /** The photo saved now, shown until another is chosen (an empty picker hid it). */
  current?: { src: string; alt: string } | undefined;
}

/** The message for a picture field on submit: none fixed and none chosen, or chosen but not fixed. */
export function pictureFieldError(value: Blob | null, pending: boolean): string | null {
  if (value) return null;
  return pending ? MESSAGES.pictureNotCropped : MESSAGES.pictureRequired;
}

type Stage = { kind: 'empty' } | { kind: 'cropping'; file: File; url: string } | { kind: 'fixed'; file: File; url: string; previewUrl: string };

const CROP_SIZE = { width: LIMITS.cropAreaPx, height: LIMITS.cropAreaPx };

export function PictureCropField({ canvasSize, onChange, onPendingChange, error, label = 'Foto', disabled = false, current }: PictureCropFieldProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'empty' });
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [maxZoom, setMaxZoom] = useState(3);
  const [problem, setProblem] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const area = useRef<Area | null>(null);

  // Object URLs live as long as their stage.
  useEffect(() => {
    if (stage.kind === 'empty') return;
    return () => {
      URL.revokeObjectURL(stage.url);
      if (stage.kind === 'fixed') URL.revokeObjectURL(stage.previewUrl);
    };
  }, [stage]);

  const pending = stage.kind === 'cropping';
  useEffect(() => onPendingChange?.(pending), [pending, onPendingChange]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!file) return;
    const refusal = pictureProblem(file);
    if (refusal) {
      setProblem(refusal);
      return;
    }
    setProblem(null);
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    area.current = null;
    setStage({ kind: 'cropping', file, url: URL.createObjectURL(file) });
    onChange(null);
  };

  const mediaLoaded = (media: MediaSize) => {
    // Zoom stops where the crop would cover fewer than 50 source pixels (spec §9 minimum crop box).
    const shownToNatural = media.naturalWidth / Math.max(1, media.width);
    setMaxZoom(Math.max(1, Math.min(10, (LIMITS.cropAreaPx / LIMITS.cropMinPx) * shownToNatural)));
  };

  const select = async () => {
    if (stage.kind !== 'cropping' || !area.current) return;
    setWorking(true);
    try {
      const blob = await cropToJpeg(stage.file, area.current, canvasSize);
      setStage({ kind: 'fixed', file: stage.file, url: URL.createObjectURL(stage.file), previewUrl: URL.createObjectURL(blob) });
      onChange(blob);
    } catch {
      setProblem(MESSAGES.pictureInvalid);
    } finally {
      setWorking(false);
    }
  };

  const adjust = () => {
    if (stage.kind !== 'fixed') return;
    setStage({ kind: 'cropping', file: stage.file, url: URL.createObjectURL(stage.file) });
    onChange(null);
  };

  const shownError = problem ?? error;
  const errorId = `${id}-error`;
  // While cropping, the message stands above the cropper, where the eye is, and takes the focus: below
  // the cropper a phone's sticky 'Guardar' bar hid it and the dialog seemed dead (issue 28 §5).
  const errorAbove = stage.kind === 'cropping';
  const errorRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const message = errorRef.current;
    if (!errorAbove || !shownError || !message) return;
    message.focus({ preventScroll: true });
    message.scrollIntoView({ block: 'center' });
  }, [errorAbove, shownError]);
  const errorMessage = shownError ? (
    <p className={errorAbove ? 'field__error picture-crop__error' : 'field__error'} id={errorId} ref={errorRef} tabIndex={errorAbove ? -1 : undefined}>
      {shownError}
    </p>
  ) : null;
  return (
    <div className={['field', 'picture-crop', shownError ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <p className="field__hint" id={`${id}-hint`}>
        {stage.kind === 'cropping'
          ? 'Encuadra la foto (muévela y acércala) y pulsa «Seleccionar»; después, «Guardar».'
          : current && stage.kind === 'empty'
            ? 'Esta es la foto actual. Para cambiarla, elige otra imagen PNG o JPG; la recortaremos en forma cuadrada.'
            : 'Una imagen PNG o JPG. La recortaremos en forma cuadrada.'}
      </p>
      {current && stage.kind === 'empty' ? <img className="picture-crop__preview picture-crop__current" src={current.src} width={160} height={160} alt={current.alt} /> : null}
      <FileChoice
        inputRef={inputRef}
        id={id}
        action={current ? 'Elegir otra foto' : 'Elegir foto'}
        className={stage.kind === 'empty' ? undefined : 'visually-hidden'}
        // Hidden once a photo is chosen ('Cambiar foto' opens it): no invisible stop for the Tab key.
        tabIndex={stage.kind === 'empty' ? undefined : -1}
        accept={PICTURE_ACCEPT}
        onChange={choose}
        disabled={disabled}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={[`${id}-hint`, shownError ? errorId : ''].filter(Boolean).join(' ')}
      />
      {stage.kind === 'cropping' ? (
        <>
          {errorMessage}
          <div className="picture-crop__area">
            <Cropper
              image={stage.url}
              crop={crop}
              zoom={zoom}
              maxZoom={maxZoom}
              aspect={1}
              cropSize={CROP_SIZE}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => (area.current = pixels)}
              onMediaLoaded={mediaLoaded}
              disableAutomaticStylesInjection
            />
          </div>
          <label className="picture-crop__zoom">
            <span>Acercar</span>
            <input type="range" min={1} max={maxZoom} step={0.01} value={zoom} onChange={(event) => setZoom(Number(event.target.value))} disabled={disabled} />
          </label>
          <div className="picture-crop__actions">
            <Button size="sm" onClick={() => void select()} loading={working} disabled={disabled}>
              Seleccionar
            </Button>
            <Button variant="ghost" size="sm" onClick={() => inputRef.current?.click()} disabled={disabled}>
              Cambiar foto
            </Button>
          </div>
        </>
      ) : null}
      {stage.kind === 'fixed' ? (
        <div className="picture-crop__fixed">
          <img className="picture-crop__preview" src={stage.previewUrl} width={160} height={160} alt="Tu foto recortada" />
          <div className="picture-crop__actions">
            <Button variant="ghost" size="sm" onClick={adjust} disabled={disabled}>
              Ajustar recorte
            </Button>
            <Button variant="ghost" size="sm" onClick={() => inputRef.current?.click()} disabled={disabled}>
              Cambiar foto
            </Button>
          </div>
        </div>
      ) : null}
      {errorAbove ? null : errorMessage}
    </div>
  );
}
