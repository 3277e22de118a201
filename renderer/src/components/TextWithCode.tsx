/**
 * Plain text from main in which `backticked` parts are commands or names: those render as <code>,
 * never with their backticks. Everything stays a text node (no markup is parsed).
 */
export function TextWithCode({ text }: { text: string }) {
  const parts = text.split(/`([^`]+)`/);
  return <>{parts.map((part, index) => (index % 2 === 1 ? <code key={index}>{part}</code> : part))}</>;
}
