import { sniffBase64Kind } from '../composer/image-bytes';

/** Pictures sent with a user message. Only real PNG/JPEG/GIF/WebP data is shown, as a data: image. */
export function MessageImages({ images }: { images?: readonly string[] }) {
  const shown = (images ?? []).flatMap((base64, index) => {
    const kind = sniffBase64Kind(base64);
    return kind ? [{ key: index, src: `data:image/${kind};base64,${base64}` }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <div className="message-images" data-testid="message-images">
      {shown.map((image) => (
        <img key={image.key} src={image.src} alt={`Picture ${image.key + 1} you sent`} />
      ))}
    </div>
  );
}
