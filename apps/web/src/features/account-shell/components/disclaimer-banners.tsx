// Banners under the navbar (spec §2): type R in error style, any other in warning style.
import { useDisclaimers } from '../api/get-disclaimers';

export function DisclaimerBanners() {
  const { data } = useDisclaimers();
  if (!data?.length) return null;
  return (
    <section className="container banners" aria-label="Avisos de tu contrato">
      {data.map((disclaimer, index) => (
        <div key={`${disclaimer.type}-${disclaimer.title}-${index}`} className={`banner banner--${disclaimer.type === 'R' ? 'error' : 'warning'}`}>
          <p className="banner__title">{disclaimer.title}</p>
          <p className="banner__text">{disclaimer.descr}</p>
        </div>
      ))}
    </section>
  );
}
