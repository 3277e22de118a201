/** Small line icons drawn with SVG (no icon font: every system renders them the same). */
interface IconProps {
  label?: string;
}

function svgProps(label: string | undefined) {
  return label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
}

export function PinIcon({ label }: IconProps) {
  return (
    <svg className="icon" viewBox="0 0 16 16" width="13" height="13" {...svgProps(label)}>
      <path
        d="M10.5 1.5 14.5 5.5 12 6.5 9.5 9 9.5 12 8 13.5 5.25 10.75 2 14 2 14 5.25 10.75 2.5 8 4 6.5 7 6.5 9.5 4Z"
        fill="currentColor"
      />
    </svg>
  );
}

export function MoreIcon({ label }: IconProps) {
  return (
    <svg className="icon" viewBox="0 0 16 16" width="16" height="16" {...svgProps(label)}>
      <circle cx="3" cy="8" r="1.5" fill="currentColor" />
      <circle cx="8" cy="8" r="1.5" fill="currentColor" />
      <circle cx="13" cy="8" r="1.5" fill="currentColor" />
    </svg>
  );
}

export function SearchIcon({ label }: IconProps) {
  return (
    <svg className="icon" viewBox="0 0 16 16" width="14" height="14" {...svgProps(label)}>
      <circle cx="7" cy="7" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M10.5 10.5 14 14" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

export function SlidersIcon({ label }: IconProps) {
  return (
    <svg className="icon" viewBox="0 0 16 16" width="16" height="16" {...svgProps(label)}>
      <path d="M2 4h7M13 4h1M2 12h2M8 12h6" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      <circle cx="11" cy="4" r="2" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <circle cx="6" cy="12" r="2" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

export function MenuIcon({ label }: IconProps) {
  return (
    <svg className="icon" viewBox="0 0 16 16" width="16" height="16" {...svgProps(label)}>
      <path d="M2.5 4h11M2.5 8h11M2.5 12h11" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}

export function PlusIcon({ label }: IconProps) {
  return (
    <svg className="icon" viewBox="0 0 16 16" width="16" height="16" {...svgProps(label)}>
      <path d="M8 3v10M3 8h10" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

export function ToolsIcon({ label }: IconProps) {
  return (
    <svg className="icon" viewBox="0 0 16 16" width="16" height="16" {...svgProps(label)}>
      <path
        d="M10.5 2a3.5 3.5 0 0 0-3.3 4.6L2.5 11.3a1.4 1.4 0 0 0 2 2l4.7-4.7A3.5 3.5 0 0 0 14 5.5l-2 2-2-.5-.5-2 2-2A3.5 3.5 0 0 0 10.5 2Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.3"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function GearIcon({ label }: IconProps) {
  return (
    <svg className="icon" viewBox="0 0 16 16" width="16" height="16" {...svgProps(label)}>
      <circle cx="8" cy="8" r="2.2" fill="none" stroke="currentColor" strokeWidth="1.4" />
      <path
        d="M8 1.8v1.8M8 12.4v1.8M1.8 8h1.8M12.4 8h1.8M3.6 3.6l1.3 1.3M11.1 11.1l1.3 1.3M3.6 12.4l1.3-1.3M11.1 4.9l1.3-1.3"
        stroke="currentColor"
        strokeWidth="1.4"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** An eye: "what the model sees". */
export function EyeIcon({ label }: IconProps) {
  return (
    <svg className="icon" viewBox="0 0 16 16" width="16" height="16" {...svgProps(label)}>
      <path
        d="M1.5 8S4 3.5 8 3.5 14.5 8 14.5 8 12 12.5 8 12.5 1.5 8 1.5 8Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.4"
        strokeLinejoin="round"
      />
      <circle cx="8" cy="8" r="2" fill="none" stroke="currentColor" strokeWidth="1.4" />
    </svg>
  );
}

/** A small "i": more about this, on request. */
export function InfoIcon({ label }: IconProps) {
  return (
    <svg className="icon" viewBox="0 0 16 16" width="14" height="14" {...svgProps(label)}>
      <circle cx="8" cy="8" r="6.3" fill="none" stroke="currentColor" strokeWidth="1.3" />
      <path d="M8 7.2v4M8 4.6v.1" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

/** A cube: the models (the header's Models button when it is narrow). */
export function CubeIcon({ label }: IconProps) {
  return (
    <svg className="icon" viewBox="0 0 16 16" width="16" height="16" {...svgProps(label)}>
      <path
        d="M8 1.8 13.5 4.8v6.4L8 14.2 2.5 11.2V4.8ZM2.5 4.8 8 7.8l5.5-3M8 7.8v6.4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.3"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A page with a folded corner: the conversation's documents (the header's Documents button when it is narrow). */
export function FileIcon({ label }: IconProps) {
  return (
    <svg className="icon" viewBox="0 0 16 16" width="16" height="16" {...svgProps(label)}>
      <path
        d="M4 1.8h5l3.5 3.5v8.9H4ZM9 1.8v3.5h3.5M6 8.5h4.5M6 11h4.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.3"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}
