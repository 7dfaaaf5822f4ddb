import { es } from '@l4l/shared/texts/es/profile';
import { useState } from 'react';
import { Button } from '../../../components/button/button.tsx';
import panel from '../../../components/panel/panel.module.css';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.tsx';
import { toast } from '../../../lib/toast.ts';
import { useExportMyData } from '../api/export-my-data.ts';
import { EraseAccountDialog } from './erase-account-dialog.tsx';
import styles from './your-data.module.css';

const t = es.privacy;

/**
 * 'Tus datos' (docs/domain.md, Privacy rights), in Mi Perfil and in the Ficha de Abogado: the download of
 * the person's data and the erasure of the account, after which the person lands signed out on the login, told what was kept.
 */
export function YourDataSection() {
  const exportData = useExportMyData();
  const { signOut } = useSession();
  const [eraseOpen, setEraseOpen] = useState(false);

  const download = () => exportData.mutate(undefined, { onError: (error) => toast.error(error.message) });

  // docs/domain.md, Privacy rights: the person lands on the login, which says what was erased and kept
  const erased = async () => {
    setEraseOpen(false);
    toast.success(t.erased);
    await signOut(paths.accountErased);
  };

  return (
    <section id="tus-datos" className={panel.panel} aria-labelledby="your-data-title">
      <h2 id="your-data-title" className={panel.title}>
        {t.title}
      </h2>
      <p className={panel.hint}>{t.intro}</p>
      <div className={styles.row}>
        <div>
          <Button variant="secondary" onClick={download} disabled={exportData.isPending}>
            {exportData.isPending ? t.downloading : t.download}
          </Button>
          <p className={styles.small}>{t.downloadHint}</p>
        </div>
        <div>
          <Button variant="danger" onClick={() => setEraseOpen(true)}>
            {t.erase}
          </Button>
        </div>
      </div>
      <EraseAccountDialog open={eraseOpen} onOpenChange={setEraseOpen} onErased={() => void erased()} />
    </section>
  );
}
