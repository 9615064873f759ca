/**
 * An image only a signed-in admin may see (a booster's screenshot, an identity card), opened full size
 * in a new tab; the session cookie authenticates it. `onError`: it could not be loaded.
 */
export function PrivateImage({ src, alt, size, onError }: { src: string; alt: string; size: "thumbnail" | "large"; onError: () => void }) {
  const thumbnail = size === "thumbnail";
  return (
    <a
      href={src}
      target="_blank"
      rel="noopener noreferrer"
      className={`block ${thumbnail ? "w-40 " : ""}overflow-hidden rounded-lg border border-surface-line bg-surface-sunken`}
    >
      {/* next/image cannot carry the session cookie through its optimizer: a plain <img> it is. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src={src} alt={alt} className={`${thumbnail ? "max-h-72" : "max-h-[28rem]"} w-full object-contain`} onError={onError} />
    </a>
  );
}
