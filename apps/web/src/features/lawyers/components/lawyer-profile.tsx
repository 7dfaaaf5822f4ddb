import { barAssociationName } from '@l4l/shared/constants/bar-associations';
import { categoryBadge } from '@l4l/shared/constants/categories';
import { formatEuros } from '@l4l/shared/format';
import type { LawyerDetail } from '@l4l/shared/schemas/lawyers';
import { es } from '@l4l/shared/texts/es/profile';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Avatar } from '../../../components/avatar/avatar.tsx';
import { Button } from '../../../components/button/button.tsx';
import { FormMessage } from '../../../components/form/field.tsx';
import { ChevronLeftIcon, MapPinIcon } from '../../../components/icons/icons.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useLawyerDetail } from '../api/get-lawyer-detail.ts';
import { AcademicExperienceList, WorkExperienceList } from './experience-list.tsx';
import { firstConsultationText } from './lawyer-card.tsx';
import styles from './lawyer-profile.module.css';
import { RatingSummary } from './rating-summary.tsx';

type LawyerProfileProps = {
  /** null when the route got no id ('No se proporcionó un ID de usuario'). */
  lawyerId: string | null;
  /** Composed by the app from other features: the 'Valoraciones' panel and the start-a-case dialog. */
  ratings?: (lawyerId: string) => ReactNode;
  startCase?: (lawyerId: string) => ReactNode;
  /** (+) the first consultation's slot picker (docs/consultations.md), under the summary */
  booking?: (lawyerId: string) => ReactNode;
  /** (+) the slot picker above the rest (the booking page the public lawyer page links to) */
  bookingFirst?: boolean;
};

/** docs/product.md, Lawyer profile. */
export function LawyerProfile({ lawyerId, ratings, startCase, booking, bookingFirst }: LawyerProfileProps) {
  const navigate = useNavigate();
  // a shared link opened in a new tab has no page to go back to: go to the directory instead
  const firstPage = useLocation().key === 'default';
  const back = (
    <Button
      variant="ghost"
      className={styles.back}
      onClick={() => (firstPage ? navigate(paths.home) : navigate(-1))}
    >
      <ChevronLeftIcon size={18} />
      {es.lawyerProfile.back}
    </Button>
  );
  if (!lawyerId) {
    return (
      <div className={styles.page}>
        {back}
        <FormMessage>{es.lawyerProfile.noId}</FormMessage>
      </div>
    );
  }
  return (
    <div className={styles.page}>
      {back}
      <LawyerProfileBody
        lawyerId={lawyerId}
        ratings={ratings}
        startCase={startCase}
        booking={booking}
        bookingFirst={bookingFirst}
      />
    </div>
  );
}

function LawyerProfileBody({
  lawyerId,
  ratings,
  startCase,
  booking,
  bookingFirst = false,
}: Omit<LawyerProfileProps, 'lawyerId'> & { lawyerId: string }) {
  const detail = useLawyerDetail(lawyerId);
  if (detail.isPending) {
    return (
      <div className={styles.state}>
        <Spinner size="lg" />
      </div>
    );
  }
  // an id that names no lawyer is 'no data' (docs/product.md, Lawyer profile), not a failure to load
  if (detail.isError && isApiError(detail.error) && detail.error.status === 404) {
    return <p className={styles.state}>{es.lawyerProfile.noData}</p>;
  }
  if (detail.isError) return <FormMessage>{es.lawyerProfile.loadError}</FormMessage>;
  if (!detail.data) return <p className={styles.state}>{es.lawyerProfile.noData}</p>;
  const { lawyer } = detail.data;
  return (
    <div className={styles.layout}>
      <div className={styles.main}>
        {bookingFirst ? booking?.(lawyer.id) : null}
        <LawyerSummary detail={detail.data} action={startCase?.(lawyer.id)} />
        {bookingFirst ? null : booking?.(lawyer.id)}
        <WorkExperienceList entries={detail.data.workExperiences} />
        <AcademicExperienceList entries={detail.data.academicExperiences} />
      </div>
      <aside className={styles.side}>{ratings?.(lawyer.id)}</aside>
    </div>
  );
}

function LawyerSummary({ detail, action }: { detail: LawyerDetail; action: ReactNode }) {
  const { lawyer } = detail;
  const facts: [string, ReactNode][] = [
    [es.lawyerProfile.pricePerHour, formatEuros(lawyer.price)],
    [es.lawyerProfile.firstConsultation, firstConsultationText(lawyer)],
    [es.lawyerProfile.activeCases, detail.activeCases],
    [es.lawyerProfile.finishedCases, detail.finishedCases],
    [
      es.lawyerProfile.responseTime,
      lawyer.responseTime === null ? es.trust.noResponseTime : es.trust.respondsIn(lawyer.responseTime),
    ],
  ];
  const colegio = barAssociationName(lawyer.barAssociation);
  return (
    <section className={styles.card} aria-labelledby="lawyer-name">
      <header className={styles.header}>
        <Avatar photoUrl={lawyer.lawyerPhoto} name={lawyer.name} size={112} />
        <div className={styles.identity}>
          <h1 id="lawyer-name" className={styles.name}>
            {lawyer.name}
          </h1>
          {lawyer.barNumber && colegio ? (
            <p className={styles.colegiado}>
              {es.trust.colegiado(lawyer.barNumber, colegio, lawyer.professionalTitle)}
            </p>
          ) : null}
          <ul className={styles.categories} aria-label={es.lawyerProfile.categories}>
            {lawyer.categories.map((category) => (
              <li key={category}>{categoryBadge(category, lawyer.professionalTitle)}</li>
            ))}
          </ul>
          <p className={styles.meta}>
            <span className={styles.province}>
              <MapPinIcon size={16} />
              {lawyer.province}
            </span>
            <RatingSummary rating={lawyer.rating} totalRatings={lawyer.totalRatings} />
          </p>
          {lawyer.publicPath ? (
            <p className={styles.publicPage}>
              <a href={lawyer.publicPath}>{es.lawyerProfile.publicPage}</a>
            </p>
          ) : null}
        </div>
      </header>
      <dl className={styles.facts}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.description}>{lawyer.description || es.defaults.noDescription}</p>
      {action ? <div className={styles.action}>{action}</div> : null}
    </section>
  );
}
