// The six flyers (spec §2): a swipeable strip (CSS scroll snap) with previous/next buttons and one
// dot per flyer. It never moves by itself, so nobody has to chase a moving text.
import { useEffect, useRef, useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/icons';
import type { LandingImage } from '../media/catalog';

export function FlyerCarousel({ images }: { images: readonly LandingImage[] }) {
  const trackRef = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  const count = images.length;

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const width = track.clientWidth;
        if (width > 0) setCurrent(Math.max(0, Math.min(count - 1, Math.round(track.scrollLeft / width))));
      });
    };
    track.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      track.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [count]);

  const goTo = (index: number) => {
    const next = (index + count) % count;
    setCurrent(next);
    const track = trackRef.current;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    track?.scrollTo({ left: next * track.clientWidth, behavior: reduce ? 'auto' : 'smooth' });
  };

  return (
    <section className="carousel" aria-roledescription="carrusel" aria-label="Conoce Recuerdos">
      <div className="carousel__viewport">
        {/* Focusable so keyboard users can scroll it too; arrows move one flyer. */}
        <ul
          className="carousel__track"
          ref={trackRef}
          tabIndex={0}
          aria-label="Imágenes de Recuerdos"
          onKeyDown={(event) => {
            if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
              event.preventDefault();
              goTo(current + (event.key === 'ArrowRight' ? 1 : -1));
            }
          }}
        >
          {images.map((image, index) => (
            <li
              key={image.src}
              className="carousel__slide"
              aria-roledescription="diapositiva"
              aria-label={`${index + 1} de ${count}`}
              aria-hidden={index !== current}
            >
              <img
                src={image.src}
                alt={image.alt}
                width={image.width}
                height={image.height}
                loading={index === 0 ? 'eager' : 'lazy'}
                decoding="async"
                draggable={false}
              />
            </li>
          ))}
        </ul>
        <button type="button" className="carousel__arrow carousel__arrow--prev" onClick={() => goTo(current - 1)} aria-label="Imagen anterior">
          <ChevronLeftIcon />
        </button>
        <button type="button" className="carousel__arrow carousel__arrow--next" onClick={() => goTo(current + 1)} aria-label="Imagen siguiente">
          <ChevronRightIcon />
        </button>
      </div>
      <div className="carousel__dots">
        {images.map((image, index) => (
          <button
            key={image.src}
            type="button"
            className="carousel__dot"
            aria-label={`Ver imagen ${index + 1} de ${count}`}
            aria-current={index === current ? 'true' : undefined}
            onClick={() => goTo(index)}
          />
        ))}
      </div>
      {/* One text node: the server writes adjacent texts as one, and hydrating four pieces into it
          would rewrite this live region (and have it read aloud) as the page loads. */}
      <p className="visually-hidden" aria-live="polite">
        {`Imagen ${current + 1} de ${count}`}
      </p>
    </section>
  );
}
