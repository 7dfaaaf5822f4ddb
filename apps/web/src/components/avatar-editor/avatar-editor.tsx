import { LIMITS } from '@l4l/shared/constants/limits';
import { es } from '@l4l/shared/texts/es/profile';
import { useState } from 'react';
import { Avatar } from '../avatar/avatar.tsx';
import { MountOnceOpened, modalOnDemand } from '../modal/modal-on-demand.tsx';
import styles from './avatar-editor.module.css';
import type { AvatarUpload } from './avatar-editor-dialog.tsx';

export type AvatarEditorProps = {
  photoUrl: string | null;
  name: string;
  surname?: string;
  upload: AvatarUpload;
};

// the cropper (react-easy-crop) and its modal load when the avatar is about to be clicked (ADR 0008)
const AvatarEditorDialog = modalOnDemand(() =>
  import('./avatar-editor-dialog.tsx').then((module) => module.AvatarEditorDialog),
);

/**
 * docs/product.md, Profile (the avatar editor): clicking the 128 px avatar opens a modal to pick a png or jpeg, crop it in a
 * circle (390 × 295 editor, radius at least 30 px) and upload it as PNG; on success the session's photo
 * changes (the header follows) and the editor closes; on failure an alert says so.
 */
export function AvatarEditor({ photoUrl, name, surname, upload }: AvatarEditorProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.trigger}
        aria-label={es.lawyerProfile.editPhoto}
        onClick={() => setOpen(true)}
        {...AvatarEditorDialog.intent()}
      >
        <Avatar photoUrl={photoUrl} name={name} surname={surname} size={LIMITS.avatarDisplayPx} />
        <span className={styles.badge} aria-hidden="true">
          ✎
        </span>
      </button>
      <MountOnceOpened open={open}>
        <AvatarEditorDialog.Dialog open={open} onOpenChange={setOpen} upload={upload} />
      </MountOnceOpened>
    </>
  );
}
