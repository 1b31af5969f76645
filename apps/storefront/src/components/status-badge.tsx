/** A status as a badge: its words, coloured by its tone (`ok`, `bad`, `success`… as the `status-` class). */
export function StatusBadge({ status, testId }: { status: { text: string; tone: string }; testId: string }) {
  return (
    <span className={`status-badge status-${status.tone}`} data-testid={testId}>
      {status.text}
    </span>
  );
}
