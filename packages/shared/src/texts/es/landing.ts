import { es as publicTexts } from './public.ts';

/**
 * The public landing page: what L4L is and how it works (its footer's call to lawyers too).
 * Split by audience so a page's bundle carries the texts its screens read, not all of them; es.ts
 * composes every audience for the server and the tests.
 */
export const es = {
  ...publicTexts,
  /** The public landing page (docs/product.md, Landing page): what L4L is and how it works. */
  landing: {
    eyebrow: 'Abogados verificados en toda España',
    trustLabel: 'Por qué L4L',
    trust: [
      {
        title: 'Abogados verificados',
        text: 'Comprobamos la identidad y la colegiación de cada abogado antes de darle acceso.',
      },
      { title: 'Precio cerrado', text: 'Conoces el precio final antes de empezar. Sin sorpresas.' },
      {
        title: 'Pago seguro y chat privado',
        text: 'Pagas con tarjeta dentro de la plataforma y hablas con tu abogado en un chat privado.',
      },
    ],
    howTitle: 'Cómo funciona L4L',
    howLead: 'Un proceso claro de principio a fin, pensado para que sepas siempre en qué punto está tu caso.',
    steps: [
      {
        title: 'Describe tu caso',
        text: 'Cuéntanos en pocas líneas qué necesitas. Revisamos cada caso antes de publicarlo.',
      },
      {
        title: 'Recibe propuestas con precio cerrado',
        text: 'Los abogados verificados que encajan con tu caso te envían su propuesta con un precio final.',
      },
      {
        title: 'Paga de forma segura',
        text: 'Aceptas la propuesta que prefieras y pagas con tarjeta a través de nuestro proveedor de pagos.',
      },
      {
        title: 'Chatea y sigue tu caso',
        text: 'Habla en privado con tu abogado y consulta en cada momento en qué fase está tu caso.',
      },
    ],
    categoriesTitle: 'Especialidades más consultadas',
    categoriesLead: (count: number) =>
      `Abogados de ${count} especialidades, del derecho de familia al fiscal, en toda España.`,
    /** One line on what each category covers, keyed by the category as sent on the wire. */
    categoryBlurbs: {
      'Abogado Generalista': 'Una primera orientación cuando no sabes por dónde empezar.',
      'Abogado Civil': 'Contratos, reclamaciones de cantidad, responsabilidad civil y vecindad.',
      'Abogado Inmobiliario': 'Compraventas, alquileres, hipotecas y comunidades de propietarios.',
      'Abogado Sucesiones y testamentos': 'Herencias, testamentos, legítimas y particiones.',
      'Abogado Divorcios': 'Separaciones, divorcios, custodia, pensiones y régimen de visitas.',
      'Abogado Mercantil': 'Sociedades, contratos entre empresas y conflictos entre socios.',
      'Abogado Bancario': 'Cláusulas abusivas, hipotecas, tarjetas revolving y productos financieros.',
      'Abogado Competencia': 'Prácticas anticompetitivas, competencia desleal y concentraciones.',
      'Abogado Concursal': 'Insolvencias, concursos de acreedores y segunda oportunidad.',
      'Abogado Protección de datos': 'RGPD, brechas de seguridad y reclamaciones ante la AEPD.',
      'Abogado Laboral': 'Despidos, reclamaciones salariales, ERTE y Seguridad Social.',
      'Abogado Administrativo': 'Multas, licencias, contratos públicos y recursos ante la Administración.',
      'Abogado Fiscal': 'Declaraciones, inspecciones de Hacienda y planificación fiscal.',
      'Abogado Compliance': 'Programas de cumplimiento normativo y prevención de riesgos penales.',
      'Abogado Extranjería': 'Permisos de residencia y trabajo, nacionalidad y arraigo.',
    },
    approvalTitle: 'Casos revisados en 24–48 horas',
    approvalText:
      'Nuestro equipo revisa cada caso antes de publicarlo, para que a los abogados solo les lleguen consultas completas y a ti solo te escriban profesionales verificados. La aprobación tarda entre 24 y 48 horas.',
    lawyerCtaButton: 'Crear mi perfil de abogado',
  },
} as const;
