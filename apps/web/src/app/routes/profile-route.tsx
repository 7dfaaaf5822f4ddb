import { ROLE } from '@l4l/shared/constants/roles';
import { es } from '@l4l/shared/texts/es/profile';
import { useState } from 'react';
import { AvatarEditor } from '../../components/avatar-editor/avatar-editor.tsx';
import { MountOnceOpened } from '../../components/modal/modal-on-demand.tsx';
import { AvailabilityEditor } from '../../features/consultations/components/availability-editor.tsx';
import { FiscalProfileForm } from '../../features/invoices/components/fiscal-profile-form.tsx';
import { useUploadLawyerPhoto } from '../../features/lawyers/api/upload-lawyer-photo.ts';
import { LawyerSheet } from '../../features/lawyers/components/lawyer-sheet.tsx';
import { NotificationPreferences } from '../../features/notifications/components/notification-preferences.tsx';
import { YourDataSection } from '../../features/privacy/components/your-data-section.tsx';
import { LawyerRatingsPanel, MyRatingsPanel } from '../../features/ratings/components/ratings-panel.tsx';
import { ChangePasswordDialog } from '../../features/users/components/change-password-on-demand.ts';
import { ProfilePage } from '../../features/users/components/profile-page.tsx';
import { useRequiredUser } from '../../lib/session.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import styles from './profile-route.module.css';

/**
 * /profile (docs/product.md, Profile): 'Ficha de Abogado' for lawyers; 'Mi Perfil' next to 'Mis Valoraciones'
 * for clients; both end with 'Tus datos' (docs/domain.md, Privacy rights).
 */
export function ProfileRoute() {
  const user = useRequiredUser();
  const isLawyer = user?.role === ROLE.ABOGADO;
  useDocumentTitle(isLawyer ? es.lawyerProfile.sheetTitle : es.profile.title);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const uploadLawyerPhoto = useUploadLawyerPhoto(user?.id ?? '');
  if (!user) return null;
  if (isLawyer) {
    return (
      <>
        <LawyerSheet
          user={user}
          avatar={
            <AvatarEditor
              photoUrl={user.photoUrl}
              name={user.name}
              surname={user.surname}
              upload={(image, options) => uploadLawyerPhoto.mutateAsync({ image, options })}
            />
          }
          onRenewPassword={() => setPasswordOpen(true)}
          ratings={<LawyerRatingsPanel lawyerId={user.id} own />}
        />
        <div className={styles.fiscal}>
          <AvailabilityEditor />
        </div>
        <div className={styles.fiscal}>
          <FiscalProfileForm lawyer />
        </div>
        <div className={styles.preferences}>
          <NotificationPreferences />
        </div>
        <div className={styles.preferences}>
          <YourDataSection />
        </div>
        <MountOnceOpened open={passwordOpen}>
          <ChangePasswordDialog.Dialog open={passwordOpen} onOpenChange={setPasswordOpen} />
        </MountOnceOpened>
      </>
    );
  }
  if (user.role !== ROLE.USUARIO) return <ProfilePage />;
  return (
    <>
      <div className={styles.columns}>
        <div className={styles.main}>
          <ProfilePage />
          <div className={styles.clientFiscal}>
            <FiscalProfileForm lawyer={false} />
          </div>
        </div>
        <div className={styles.ratings}>
          <MyRatingsPanel userId={user.id} />
        </div>
      </div>
      <div className={styles.preferences}>
        <NotificationPreferences />
      </div>
      <div className={styles.preferences}>
        <YourDataSection />
      </div>
    </>
  );
}
