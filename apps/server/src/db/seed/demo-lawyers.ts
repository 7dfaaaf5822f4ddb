import type { BarAssociationId } from '@l4l/shared/constants/bar-associations';
import type { Category, ProfessionalTitle } from '@l4l/shared/constants/categories';
import type { Province } from '@l4l/shared/constants/provinces';

/** [centre or company, title or position, start 'YYYY-MM-DD', end (none: still there)] */
export type DemoExperience = readonly [place: string, title: string, start: string, end?: string];

export type DemoLawyer = {
  name: string;
  /** docs/domain.md, Professional title: 'Abogado' unless given */
  title?: ProfessionalTitle;
  surname: string;
  province: Province;
  categories: Category[];
  description: string;
  /** docs/domain.md, Colegiación: the colegio's id and a colegiado number as it prints them */
  association: BarAssociationId;
  membership: string;
  /** euros */
  priceHour: number;
  /** euros, or a free first visit */
  firstVisit: number | 'free';
  featured?: boolean;
  /** registered, waiting for an administrator to verify them */
  unverified?: boolean;
  /** registered and rejected by an administrator, for this reason (the login tells them) */
  rejected?: string;
  academic: DemoExperience[];
  work: DemoExperience[];
};

/**
 * The demo lawyers. Every one of the 15 categories has at least one verified lawyer; the mail of each is
 * `<first name>.<first surname>@l4l.demo` without accents (lucia.garcia@l4l.demo).
 */
export const DEMO_LAWYERS: DemoLawyer[] = [
  {
    name: 'Lucía',
    title: 'Abogada',
    surname: 'García Fernández',
    province: 'Madrid',
    categories: ['Abogado Divorcios', 'Abogado Civil', 'Abogado Sucesiones y testamentos'],
    description:
      'Abogada de familia con más de 15 años de experiencia en divorcios de mutuo acuerdo y contenciosos, custodia compartida, pensiones de alimentos y liquidación de gananciales. También llevo herencias y testamentos. Trato cercano, explicaciones claras en cada paso y presupuesto cerrado desde la primera reunión.',
    association: 'madrid',
    membership: '78.412',
    priceHour: 95,
    firstVisit: 'free',
    featured: true,
    academic: [
      ['Universidad Complutense de Madrid', 'Licenciatura en Derecho', '2002-09-15', '2007-06-30'],
      ['Universidad Pontificia Comillas (ICADE)', 'Máster en Derecho de Familia', '2007-10-01', '2008-07-15'],
    ],
    work: [
      ['Bufete Ortega & Asociados', 'Abogada asociada de familia', '2008-09-01', '2015-12-31'],
      ['García Fernández Abogados', 'Socia fundadora', '2016-01-11'],
    ],
  },
  {
    name: 'José',
    surname: 'Martínez Núñez',
    province: 'Sevilla',
    categories: ['Abogado Laboral', 'Abogado Administrativo'],
    description:
      'Defiendo a trabajadores en despidos, reclamaciones de cantidad, horas extra y acoso laboral, y recurro sanciones y multas ante la Administración. Antes de ir a juicio intento siempre la conciliación. Respondo el mismo día y te explico tus opciones reales sin tecnicismos.',
    association: 'sevilla',
    membership: '9.817',
    priceHour: 70,
    firstVisit: 30,
    featured: true,
    academic: [
      ['Universidad de Sevilla', 'Licenciatura en Derecho', '2004-09-20', '2009-06-25'],
      [
        'Universidad de Sevilla',
        'Máster en Derecho del Trabajo y Seguridad Social',
        '2009-10-05',
        '2010-06-30',
      ],
    ],
    work: [
      ['Sindicato Provincial de Trabajadores', 'Abogado laboralista', '2010-09-01', '2017-03-31'],
      ['Martínez Núñez Laboralistas', 'Abogado titular', '2017-04-03'],
    ],
  },
  {
    name: 'Marta',
    title: 'Abogada',
    surname: 'Sánchez Ruiz',
    province: 'Barcelona',
    categories: ['Abogado Mercantil', 'Abogado Concursal'],
    description:
      'Asesoro a pymes y startups en constitución de sociedades, pactos de socios, contratos comerciales y compraventa de empresas. En situaciones de insolvencia acompaño a empresas y autónomos en el preconcurso, el plan de reestructuración y el concurso de acreedores.',
    association: 'barcelona',
    membership: '41.208',
    priceHour: 120,
    firstVisit: 60,
    featured: true,
    academic: [
      ['Universitat de Barcelona', 'Grado en Derecho', '2006-09-12', '2010-06-30'],
      ['ESADE Law School', 'Máster en Derecho de Empresa', '2010-09-15', '2011-07-10'],
      ['Universitat Pompeu Fabra', 'Posgrado en Derecho Concursal', '2015-10-01', '2016-06-15'],
    ],
    work: [
      ['Vilanova Serra Advocats', 'Abogada del área mercantil', '2011-09-01', '2019-08-31'],
      ['Sánchez Ruiz Legal', 'Directora', '2019-09-02'],
    ],
  },
  {
    name: 'Javier',
    surname: 'López Ortega',
    province: 'Valencia',
    categories: ['Abogado Inmobiliario', 'Abogado Civil'],
    description:
      'Especialista en compraventa de viviendas, revisión de cargas y notas simples, arrendamientos, desahucios y problemas con comunidades de propietarios. Reviso el contrato de arras antes de que firmes y te acompaño hasta la notaría.',
    association: 'valencia',
    membership: '15.336',
    priceHour: 85,
    firstVisit: 40,
    academic: [['Universitat de València', 'Licenciatura en Derecho', '2001-09-15', '2006-06-30']],
    work: [
      ['Inmobiliaria Turia', 'Asesor jurídico', '2006-10-01', '2012-05-31'],
      ['López Ortega Abogados', 'Abogado titular', '2012-06-01'],
    ],
  },
  {
    name: 'Carmen',
    title: 'Abogada',
    surname: 'Rodríguez Peña',
    province: 'Málaga',
    categories: ['Abogado Extranjería', 'Abogado Administrativo'],
    description:
      'Tramito permisos de residencia y trabajo, arraigo social y familiar, reagrupación familiar, nacionalidad española y recursos contra denegaciones. Atiendo en español, inglés y francés. Más de 1.000 expedientes resueltos en la Costa del Sol.',
    association: 'malaga',
    membership: '7.902',
    priceHour: 60,
    firstVisit: 'free',
    featured: true,
    academic: [
      ['Universidad de Málaga', 'Grado en Derecho', '2009-09-20', '2013-06-28'],
      ['Universidad de Granada', 'Máster en Derecho de Extranjería', '2013-10-01', '2014-06-30'],
    ],
    work: [
      ['Fundación Málaga Acoge', 'Abogada de extranjería', '2014-09-01', '2018-12-31'],
      ['Rodríguez Peña Extranjería', 'Abogada titular', '2019-01-14'],
    ],
  },
  {
    name: 'Álvaro',
    surname: 'Fernández Gil',
    province: 'Madrid',
    categories: ['Abogado Bancario', 'Abogado Civil'],
    description:
      'Reclamo a los bancos cláusulas suelo, gastos hipotecarios, tarjetas revolving con intereses usurarios y productos complejos mal vendidos. Estudio tu documentación sin compromiso y te digo con franqueza si tu reclamación tiene recorrido.',
    association: 'madrid',
    membership: '83.150',
    priceHour: 110,
    firstVisit: 50,
    featured: true,
    academic: [
      ['Universidad Carlos III de Madrid', 'Grado en Derecho', '2008-09-10', '2012-06-30'],
      ['IE Law School', 'Máster en Derecho Bancario y Financiero', '2012-09-15', '2013-07-15'],
    ],
    work: [
      ['Entidad bancaria nacional', 'Asesor jurídico de riesgos', '2013-09-02', '2016-10-31'],
      ['Fernández Gil Reclamaciones', 'Socio director', '2016-11-02'],
    ],
  },
  {
    name: 'Nuria',
    title: 'Abogada',
    surname: 'Puig Soler',
    province: 'Barcelona',
    categories: ['Abogado Protección de datos', 'Abogado Compliance'],
    description:
      'Delegada de protección de datos certificada. Adapto webs, tiendas online y empresas al RGPD y la LOPDGDD: registro de actividades, cláusulas, cookies, contratos con encargados y respuesta ante la AEPD. También diseño programas de compliance para pymes.',
    association: 'barcelona',
    membership: '38.774',
    priceHour: 100,
    firstVisit: 50,
    academic: [
      ['Universitat Autònoma de Barcelona', 'Grado en Derecho', '2007-09-14', '2011-06-30'],
      ['Universitat Oberta de Catalunya', 'Máster en Protección de Datos', '2016-10-01', '2017-09-30'],
    ],
    work: [
      ['Consultora Dades Segures', 'Consultora de privacidad', '2011-10-03', '2018-05-24'],
      ['Puig Soler Privacidad', 'Abogada y DPD externa', '2018-05-25'],
    ],
  },
  {
    name: 'Íñigo',
    surname: 'Etxeberria Zubiri',
    province: 'Vizcaya',
    categories: ['Abogado Fiscal', 'Abogado Mercantil'],
    description:
      'Abogado tributarista. Defiendo a particulares y empresas en inspecciones, comprobaciones y sanciones de Hacienda, y planifico la fiscalidad de herencias, ventas de inmuebles y reestructuraciones societarias. Conozco a fondo la normativa foral de Bizkaia.',
    association: 'bizkaia',
    membership: '5.611',
    priceHour: 130,
    firstVisit: 80,
    featured: true,
    academic: [
      ['Universidad de Deusto', 'Licenciatura en Derecho y Empresariales', '1999-09-15', '2005-06-30'],
      ['Universidad del País Vasco', 'Máster en Asesoría Fiscal', '2005-10-01', '2006-09-30'],
    ],
    work: [
      ['Diputación Foral de Bizkaia', 'Técnico de Hacienda', '2006-11-02', '2011-02-28'],
      ['Etxeberria Fiscalistas', 'Socio', '2011-03-01'],
    ],
  },
  {
    name: 'Pilar',
    title: 'Abogada',
    surname: 'Gómez Serrano',
    province: 'Zaragoza',
    categories: ['Abogado Generalista', 'Abogado Civil'],
    description:
      'Abogada generalista: si no sabes qué tipo de abogado necesitas, empieza por mí. Reclamaciones de consumo, contratos, deudas, accidentes y conflictos entre vecinos. Analizo tu caso, te digo si merece la pena reclamar y, si hace falta un especialista, te oriento.',
    association: 'zaragoza',
    membership: '6.245',
    priceHour: 55,
    firstVisit: 'free',
    academic: [['Universidad de Zaragoza', 'Grado en Derecho', '2010-09-15', '2014-06-30']],
    work: [
      ['Asociación de Consumidores de Aragón', 'Abogada', '2014-09-01', '2019-06-30'],
      ['Gómez Serrano Abogados', 'Abogada titular', '2019-07-01'],
    ],
  },
  {
    name: 'Andrés',
    surname: 'Castro Varela',
    province: 'La Coruña',
    categories: ['Abogado Laboral'],
    description:
      'Derecho laboral para trabajadores y pequeñas empresas: despidos, ERTE, modificaciones de condiciones, incapacidades y reclamaciones de salarios. Más de 400 juicios en los Juzgados de lo Social de Galicia.',
    association: 'a-coruna',
    membership: '4.480',
    priceHour: 65,
    firstVisit: 'free',
    academic: [['Universidade da Coruña', 'Licenciatura en Derecho', '2000-09-20', '2005-06-30']],
    work: [['Castro Varela Laboral', 'Abogado titular', '2006-01-09']],
  },
  {
    name: 'Elena',
    title: 'Abogada',
    surname: 'Navarro Blasco',
    province: 'Valencia',
    categories: ['Abogado Sucesiones y testamentos', 'Abogado Fiscal'],
    description:
      'Ayudo a las familias a tramitar herencias de principio a fin: declaración de herederos, aceptación y partición, impuesto de sucesiones en la Comunitat Valenciana y plusvalía municipal. Redacto testamentos pensados para evitar conflictos.',
    association: 'valencia',
    membership: '17.903',
    priceHour: 90,
    firstVisit: 45,
    academic: [
      ['Universitat de València', 'Grado en Derecho', '2005-09-15', '2009-06-30'],
      ['Universidad CEU Cardenal Herrera', 'Máster en Derecho Sucesorio', '2009-10-01', '2010-07-15'],
    ],
    work: [
      ['Notaría de la calle Colón', 'Oficial de notaría', '2010-09-01', '2014-08-31'],
      ['Navarro Blasco Herencias', 'Abogada titular', '2014-09-15'],
    ],
  },
  {
    name: 'Raúl',
    surname: 'Moreno Delgado',
    province: 'Madrid',
    categories: ['Abogado Competencia', 'Abogado Mercantil'],
    description:
      'Derecho de la competencia y distribución: acuerdos entre empresas, abuso de posición dominante, expedientes ante la CNMC, reclamación de daños por cárteles y contratos de franquicia y distribución. Experiencia previa en un despacho internacional en Bruselas.',
    association: 'madrid',
    membership: '90.027',
    priceHour: 150,
    firstVisit: 90,
    academic: [
      ['Universidad Autónoma de Madrid', 'Licenciatura en Derecho', '2003-09-15', '2008-06-30'],
      ['Colegio de Europa (Brujas)', 'LL.M. en Derecho Europeo', '2008-09-01', '2009-06-30'],
    ],
    work: [
      ['Despacho internacional en Bruselas', 'Asociado de competencia', '2009-09-01', '2016-12-31'],
      ['Moreno Delgado Competencia', 'Socio director', '2017-01-09'],
    ],
  },
  {
    name: 'Sofía',
    title: 'Abogada',
    surname: 'Jiménez Cano',
    province: 'Granada',
    categories: ['Abogado Divorcios'],
    description:
      'Divorcios, separaciones, custodia y régimen de visitas, modificación de medidas y pensiones. Apuesto por la mediación y los acuerdos que protegen a los hijos, sin renunciar a defenderte en juicio cuando es necesario.',
    association: 'granada',
    membership: '8.116',
    priceHour: 65,
    firstVisit: 'free',
    academic: [
      ['Universidad de Granada', 'Grado en Derecho', '2011-09-15', '2015-06-30'],
      ['Universidad de Granada', 'Experto en Mediación Familiar', '2016-01-15', '2016-06-30'],
    ],
    work: [['Jiménez Cano Familia', 'Abogada y mediadora', '2016-09-05']],
  },
  {
    name: 'Francisco Javier',
    surname: 'Ramos Vidal',
    province: 'Murcia',
    categories: ['Abogado Concursal', 'Abogado Bancario'],
    description:
      'Ley de la Segunda Oportunidad y concurso de acreedores para particulares, autónomos y pymes. Comunicación de créditos, negociación con bancos y financieras, exoneración de deudas y paralización de embargos.',
    association: 'murcia',
    membership: '5.390',
    priceHour: 80,
    firstVisit: 40,
    academic: [['Universidad de Murcia', 'Licenciatura en Derecho', '1998-09-15', '2003-06-30']],
    work: [
      ['Administración concursal Ramos y Vera', 'Administrador concursal', '2004-02-02', '2015-12-31'],
      ['Ramos Vidal Segunda Oportunidad', 'Abogado titular', '2016-01-11'],
    ],
  },
  {
    name: 'Ainhoa',
    title: 'Abogada',
    surname: 'Larrañaga Mendizábal',
    province: 'Guipúzcoa',
    categories: ['Abogado Administrativo', 'Abogado Generalista'],
    description:
      'Derecho administrativo: licencias, subvenciones, responsabilidad patrimonial, oposiciones y contratación pública, con recursos ante ayuntamientos, Diputación y Gobierno Vasco. También atiendo consultas generales de particulares.',
    association: 'gipuzkoa',
    membership: '3.772',
    priceHour: 75,
    firstVisit: 35,
    academic: [
      ['Universidad del País Vasco', 'Grado en Derecho', '2008-09-10', '2012-06-30'],
      ['Universidad de Deusto', 'Máster de Acceso a la Abogacía', '2012-09-15', '2014-06-30'],
    ],
    work: [
      ['Ayuntamiento de Donostia', 'Técnica jurídica', '2014-09-01', '2020-01-31'],
      ['Larrañaga Abogados', 'Abogada titular', '2020-02-03'],
    ],
  },
  {
    name: 'Miguel Ángel',
    surname: 'Torres Benítez',
    province: 'Cádiz',
    categories: ['Abogado Extranjería', 'Abogado Laboral'],
    description:
      'Extranjería y laboral en el Campo de Gibraltar: permisos de trabajo, arraigo, renovaciones, trabajadores transfronterizos y reclamaciones frente a empresas. Acompaño a cada cliente en sus citas con la Oficina de Extranjería.',
    association: 'cadiz',
    membership: '2.964',
    priceHour: 60,
    firstVisit: 'free',
    academic: [['Universidad de Cádiz', 'Licenciatura en Derecho', '2003-09-20', '2008-06-30']],
    work: [
      ['Cruz Roja, programa de inmigración', 'Asesor jurídico', '2008-09-01', '2013-08-31'],
      ['Torres Benítez Abogados', 'Abogado titular', '2013-09-02'],
    ],
  },
  {
    name: 'Beatriz',
    title: 'Abogada',
    surname: 'Molina Herrera',
    province: 'Alicante',
    categories: ['Abogado Inmobiliario', 'Abogado Extranjería'],
    description:
      'Asesoro a compradores nacionales y extranjeros en la Costa Blanca: compraventa de viviendas, NIE, alquiler turístico, desahucios por impago y conflictos con promotoras. Trabajo en español, inglés y alemán.',
    association: 'alicante',
    membership: '11.218',
    priceHour: 85,
    firstVisit: 40,
    academic: [
      ['Universidad de Alicante', 'Grado en Derecho', '2009-09-15', '2013-06-30'],
      ['Universidad de Alicante', 'Máster en Derecho Inmobiliario', '2013-10-01', '2014-07-15'],
    ],
    work: [['Molina Herrera Property Lawyers', 'Abogada titular', '2014-09-01']],
  },
  {
    name: 'David',
    surname: 'Romero Pastor',
    province: 'Valladolid',
    categories: ['Abogado Generalista', 'Abogado Civil', 'Abogado Laboral'],
    description:
      'Despacho generalista en Valladolid con atención online a toda España: reclamaciones de deudas, contratos, accidentes de tráfico, despidos y herencias sencillas. Presupuesto claro antes de empezar.',
    association: 'valladolid',
    membership: '4.051',
    priceHour: 55,
    firstVisit: 25,
    academic: [['Universidad de Valladolid', 'Grado en Derecho', '2012-09-15', '2016-06-30']],
    work: [
      ['Pastor y Asociados', 'Abogado júnior', '2016-09-01', '2020-12-31'],
      ['Romero Pastor Abogados', 'Abogado titular', '2021-01-11'],
    ],
  },
  {
    name: 'Laura',
    title: 'Abogada',
    surname: 'Martín Iglesias',
    province: 'Madrid',
    categories: ['Abogado Protección de datos', 'Abogado Administrativo'],
    description:
      'Protección de datos y derecho digital: reclamaciones ante la AEPD, derecho al olvido, videovigilancia, brechas de seguridad y sanciones administrativas. Asesoro también a administraciones públicas y colegios profesionales.',
    association: 'madrid',
    membership: '95.603',
    priceHour: 95,
    firstVisit: 50,
    academic: [
      ['Universidad Rey Juan Carlos', 'Grado en Derecho', '2010-09-15', '2014-06-30'],
      ['Universidad Complutense de Madrid', 'Máster en Derecho Digital', '2014-10-01', '2015-07-15'],
    ],
    work: [['Martín Iglesias Derecho Digital', 'Abogada titular', '2015-09-07']],
  },
  {
    name: 'Jordi',
    surname: 'Vidal Ferrer',
    province: 'Girona',
    categories: ['Abogado Mercantil', 'Abogado Compliance'],
    description:
      'Compliance penal y corporativo para empresas familiares: mapas de riesgos, canal de denuncias conforme a la Ley 2/2023, códigos éticos y formación. Asesoramiento mercantil recurrente y protocolos familiares.',
    association: 'girona',
    membership: '3.128',
    priceHour: 110,
    firstVisit: 60,
    academic: [
      ['Universitat de Girona', 'Grado en Derecho', '2005-09-15', '2009-06-30'],
      ['Universitat de Barcelona', 'Máster en Compliance', '2017-10-01', '2018-07-15'],
    ],
    work: [
      ['Auditoria Empordà', 'Asesor jurídico', '2009-09-01', '2017-06-30'],
      ['Vidal Ferrer Advocats', 'Socio', '2017-07-03'],
    ],
  },
  {
    name: 'Rocío',
    title: 'Abogada',
    surname: 'Domínguez Marín',
    province: 'Sevilla',
    categories: ['Abogado Divorcios', 'Abogado Sucesiones y testamentos'],
    description:
      'Derecho de familia y sucesiones en Sevilla: divorcios, parejas de hecho, pensiones, herencias con desacuerdos entre hermanos y desheredaciones. Escucho primero y busco la solución más rápida y económica para tu familia.',
    association: 'sevilla',
    membership: '12.447',
    priceHour: 70,
    firstVisit: 'free',
    academic: [['Universidad Pablo de Olavide', 'Grado en Derecho', '2011-09-15', '2015-06-30']],
    work: [['Domínguez Marín Familia', 'Abogada titular', '2016-02-01']],
  },
  {
    name: 'Alejandro',
    surname: 'Suárez Prieto',
    province: 'Asturias',
    categories: ['Abogado Bancario'],
    description:
      'Reclamaciones bancarias en Asturias y toda España: tarjetas revolving, gastos de hipoteca, IRPH, comisiones indebidas y preferentes. Más de 600 sentencias favorables frente a las principales entidades.',
    association: 'oviedo',
    membership: '6.830',
    priceHour: 90,
    firstVisit: 'free',
    academic: [
      ['Universidad de Oviedo', 'Grado en Derecho', '2007-09-15', '2011-06-30'],
      ['Universidad de Oviedo', 'Máster de Acceso a la Abogacía', '2011-09-15', '2013-06-30'],
    ],
    work: [['Suárez Prieto Reclamaciones Bancarias', 'Abogado titular', '2013-09-02']],
  },
  {
    name: 'Cristina',
    title: 'Abogada',
    surname: 'Herrero Lozano',
    province: 'Islas Baleares',
    categories: ['Abogado Inmobiliario', 'Abogado Fiscal'],
    description:
      'Derecho inmobiliario y fiscalidad de la vivienda en Mallorca e Ibiza: compraventas, alquiler vacacional, licencias turísticas, no residentes y tributación de plusvalías. Coordino notaría, registro y gestoría para que no tengas que hacerlo tú.',
    association: 'illes-balears',
    membership: '7.215',
    priceHour: 120,
    firstVisit: 60,
    academic: [
      ['Universitat de les Illes Balears', 'Grado en Derecho', '2006-09-15', '2010-06-30'],
      ['Centro de Estudios Financieros', 'Máster en Tributación', '2010-10-01', '2011-09-30'],
    ],
    work: [
      ['Asesoría Fiscal Llevant', 'Asesora fiscal', '2011-10-03', '2016-03-31'],
      ['Herrero Lozano Advocats', 'Abogada titular', '2016-04-04'],
    ],
  },
  {
    name: 'Tomás',
    surname: 'Ibáñez Calvo',
    province: 'Navarra',
    categories: ['Abogado Competencia', 'Abogado Compliance'],
    description:
      'Asesoro a empresas industriales y cooperativas en derecho de la competencia, ayudas de Estado y programas de cumplimiento normativo. Preparo auditorías de compliance y defiendo a empresas en expedientes sancionadores.',
    association: 'pamplona',
    membership: '2.509',
    priceHour: 140,
    firstVisit: 80,
    academic: [
      ['Universidad de Navarra', 'Licenciatura en Derecho', '1997-09-15', '2002-06-30'],
      ['Universidad de Navarra', 'Doctorado en Derecho Mercantil', '2003-10-01', '2007-06-30'],
    ],
    work: [
      [
        'Universidad Pública de Navarra',
        'Profesor asociado de Derecho Mercantil',
        '2008-09-01',
        '2014-07-31',
      ],
      ['Ibáñez Calvo Abogados', 'Socio director', '2014-09-01'],
    ],
  },
  {
    name: 'Patricia',
    title: 'Abogada',
    surname: 'Cabrera Santana',
    province: 'Las Palmas',
    categories: ['Abogado Laboral', 'Abogado Extranjería'],
    description:
      'Abogada laboralista y de extranjería en Gran Canaria: despidos, reclamaciones salariales en hostelería y turismo, permisos de residencia y reagrupación familiar. Respuesta rápida por chat y primera consulta gratuita.',
    association: 'las-palmas',
    membership: '5.064',
    priceHour: 60,
    firstVisit: 'free',
    academic: [['Universidad de Las Palmas de Gran Canaria', 'Grado en Derecho', '2012-09-15', '2016-06-30']],
    work: [['Cabrera Santana Abogados', 'Abogada titular', '2017-01-09']],
  },
  {
    name: 'Sergio',
    surname: 'Gallego Nieto',
    province: 'Toledo',
    categories: ['Abogado Generalista', 'Abogado Administrativo'],
    description:
      'Abogado generalista en Toledo: reclamaciones a aerolíneas y compañías de suministros, multas, recursos ante el ayuntamiento, contratos y pequeñas deudas. Te explico cuánto te va a costar antes de empezar.',
    association: 'toledo',
    membership: '2.318',
    priceHour: 50,
    firstVisit: 'free',
    academic: [['Universidad de Castilla-La Mancha', 'Grado en Derecho', '2013-09-15', '2017-06-30']],
    work: [
      ['Asesoría Jurídica Alcázar', 'Abogado', '2017-09-04', '2021-06-30'],
      ['Gallego Nieto Abogados', 'Abogado titular', '2021-07-01'],
    ],
  },
  {
    name: 'Irene',
    title: 'Abogada',
    surname: 'Vega Montero',
    province: 'Salamanca',
    categories: ['Abogado Civil', 'Abogado Divorcios'],
    description:
      'Abogada recién colegiada en Salamanca. Derecho civil y de familia: contratos, reclamaciones de deudas, divorcios y custodias. Atención cercana y precios ajustados.',
    association: 'salamanca',
    membership: '1.904',
    priceHour: 50,
    firstVisit: 'free',
    unverified: true,
    academic: [
      ['Universidad de Salamanca', 'Grado en Derecho', '2018-09-15', '2022-06-30'],
      ['Universidad de Salamanca', 'Máster de Acceso a la Abogacía', '2022-09-15', '2024-06-30'],
    ],
    work: [['Despacho Vega', 'Abogada', '2024-10-01']],
  },
  {
    name: 'Héctor',
    surname: 'Rubio Campos',
    province: 'Cantabria',
    categories: ['Abogado Concursal'],
    description:
      'Concurso de acreedores y Segunda Oportunidad en Cantabria. Ayudo a autónomos y familias a cancelar deudas que no pueden pagar y a empezar de nuevo.',
    association: 'cantabria',
    membership: '3.387',
    priceHour: 75,
    firstVisit: 40,
    unverified: true,
    academic: [['Universidad de Cantabria', 'Grado en Derecho', '2010-09-15', '2014-06-30']],
    work: [
      ['Gestoría Sardinero', 'Asesor jurídico', '2014-09-01', '2023-12-31'],
      ['Rubio Campos Abogados', 'Abogado titular', '2024-01-08'],
    ],
  },
  {
    name: 'Tomás',
    surname: 'Lozano Gil',
    province: 'Murcia',
    categories: ['Abogado Laboral'],
    description: 'Despidos, reclamaciones de cantidad y accidentes laborales en la Región de Murcia.',
    association: 'murcia',
    membership: '0000',
    priceHour: 60,
    firstVisit: 30,
    unverified: true,
    rejected: 'El número de colegiado 0000 no consta en el Colegio de Abogados de Murcia.',
    academic: [['Universidad de Murcia', 'Grado en Derecho', '2012-09-15', '2016-06-30']],
    work: [['Lozano Abogados', 'Abogado', '2017-01-09']],
  },
];
