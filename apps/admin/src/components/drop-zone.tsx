import { type DragEvent, useRef, useState } from 'react';

/**
 * A place to drop image files, with a file picker inside (the keyboard's way). `onFiles` gets the dropped or
 * picked images; a drop without any image calls `onNoImage`.
 */
export function DropZone({
  onFiles,
  onNoImage,
  multiple = false,
  text,
  button,
}: {
  onFiles: (files: File[]) => void;
  onNoImage: () => void;
  multiple?: boolean;
  text: string;
  button: string;
}) {
  const [over, setOver] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const files = [...event.dataTransfer.files].filter((f) => f.type.startsWith('image/'));
    if (files.length) onFiles(multiple ? files : files.slice(0, 1));
    else onNoImage();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; the file picker inside is the keyboard's way
    <div
      className={`drop-zone${over ? ' drop-over' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="drop-zone"
    >
      <p>{text}</p>
      <label className="button button-secondary">
        {button}
        <input
          ref={picker}
          type="file"
          accept="image/*"
          multiple={multiple}
          className="visually-hidden"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            if (files.length) onFiles(files);
            if (picker.current) picker.current.value = '';
          }}
        />
      </label>
    </div>
  );
}
