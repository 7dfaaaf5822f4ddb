import { LIMITS } from '@l4l/shared/constants/limits';
import { es } from '@l4l/shared/texts/es/profile';
import { type ChangeEvent, useId, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { IMAGE_TYPES, pickedPhoto } from '../../lib/image-file.ts';
import { useSession } from '../../lib/session.tsx';
import { toast } from '../../lib/toast.ts';
import type { UploadOptions } from '../../lib/upload-with-progress.ts';
import { Button } from '../button/button.tsx';
import { FormMessage } from '../form/field.tsx';
import { Modal } from '../modal/modal.tsx';
import { UploadProgress } from '../upload-progress/upload-progress.tsx';
import { useUpload } from '../upload-progress/use-upload.ts';
import styles from './avatar-editor.module.css';
import { cropToPng, maxZoomFor } from './crop-image.ts';

/** Sends the PNG data URL to the role's photo endpoint, with its progress, and answers the new photo's URL. */
export type AvatarUpload = (image: string, options: UploadOptions) => Promise<{ photoUrl: string }>;

/** The avatar editor's modal (with the cropper), loaded when the avatar is about to be clicked. */
export function AvatarEditorDialog({
  open,
  onOpenChange,
  upload,
}: {
  upload: AvatarUpload;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={es.profile.avatarTitle} size="md">
      <AvatarCropper upload={upload} onDone={() => onOpenChange(false)} />
    </Modal>
  );
}

function AvatarCropper({ upload, onDone }: { upload: AvatarUpload; onDone: () => void }) {
  const { updateUser } = useSession();
  const inputId = useId();
  const [source, setSource] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [maxZoom, setMaxZoom] = useState(3);
  const [area, setArea] = useState<Area | null>(null);
  const [fileName, setFileName] = useState('');
  const { upload: uploading, run } = useUpload({
    failed: es.profile.avatarFailed,
    cancelled: es.documents.cancelled,
  });

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const name = event.currentTarget.files?.[0]?.name ?? '';
    const photo = await pickedPhoto(event.currentTarget, setProblem);
    if (!photo) return;
    setZoom(1);
    setCrop({ x: 0, y: 0 });
    setSource(photo);
    setFileName(name);
  };

  const onSave = async () => {
    if (!source || !area) return;
    let png: string;
    try {
      png = await cropToPng(source, area);
    } catch {
      toast.error(es.profile.avatarFailed);
      return;
    }
    // a cropped photo is small, but a slow connection still shows how far it is, with a way out
    const saved = await run(fileName || es.profile.avatarTitle, (options) => upload(png, options));
    if (!saved) return;
    updateUser({ photoUrl: saved.photoUrl });
    // docs/product.md, Profile: the editor closes saying the photo was saved
    toast.success(es.profile.avatarSaved);
    onDone();
  };

  return (
    <div className={styles.editor}>
      <div className={styles.pick}>
        <label htmlFor={inputId} className={styles.choose}>
          {es.profile.avatarChoose}
        </label>
        <input
          id={inputId}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          className="visually-hidden"
          onChange={onFile}
        />
        <p className={styles.hint}>{es.profile.avatarHint}</p>
      </div>
      {problem ? <FormMessage>{problem}</FormMessage> : null}
      {source ? (
        <>
          <div
            className={styles.area}
            style={{ maxWidth: LIMITS.cropEditor.width, height: LIMITS.cropEditor.height }}
          >
            <Cropper
              image={source}
              crop={crop}
              zoom={zoom}
              maxZoom={maxZoom}
              aspect={1}
              cropShape="round"
              showGrid={false}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
              onMediaLoaded={(media) => setMaxZoom(maxZoomFor(media.naturalWidth, media.naturalHeight))}
            />
          </div>
          <label className={styles.zoom}>
            {es.profile.avatarZoom}
            <input
              type="range"
              min={1}
              max={maxZoom}
              step={0.01}
              value={zoom}
              onChange={(event) => setZoom(Number(event.target.value))}
            />
          </label>
        </>
      ) : null}
      {uploading ? <UploadProgress upload={uploading} /> : null}
      <Button size="lg" block disabled={!source || !area || uploading !== null} onClick={() => void onSave()}>
        {es.profile.avatarSave}
      </Button>
    </div>
  );
}
