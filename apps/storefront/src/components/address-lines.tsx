/** An address's lines, each on a line of its own (inside an `<address>`). */
export function AddressLines({ lines }: { lines: readonly string[] }) {
  return lines.map((line) => (
    <span key={line} className="address-line">
      {line}
    </span>
  ));
}
