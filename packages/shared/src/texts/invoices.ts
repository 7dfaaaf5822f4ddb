/**
 * The Spanish texts of invoicing: fiscal data, invoices and their PDF. Kept beside es.ts in a file of their
 * own so the invoice wording reads as one piece.
 */
export const invoicesEs = {
  fiscalId: {
    required: 'Indica el NIF, NIE o CIF.',
    format:
      'El NIF, NIE o CIF no tiene un formato válido: un DNI son 8 cifras y una letra; un NIE, X, Y o Z, 7 cifras y una letra; un CIF, una letra, 7 cifras y un carácter de control.',
    dniLetter: 'La letra del NIF no corresponde a sus cifras: revisa la letra y los números.',
    nieLetter: 'La letra del NIE no corresponde a sus cifras: revisa la letra y los números.',
    klmLetter: 'La letra de control de este NIF no corresponde a sus cifras.',
    cifControl: 'El carácter de control del CIF (el último) no corresponde a sus cifras.',
    cifNeedsLetter: (type: string) =>
      `Un CIF que empieza por ${type} termina en una letra de control, no en una cifra.`,
    cifNeedsDigit: (type: string) =>
      `Un CIF que empieza por ${type} termina en una cifra de control, no en una letra.`,
  },
  fiscalProfile: {
    name: 'Indica el nombre o la razón social (hasta 120 caracteres).',
    street: 'Indica la dirección (calle, número, piso; hasta 200 caracteres).',
    postalCode: 'El código postal son 5 cifras y empieza por el de una provincia (01 a 52).',
    city: 'Indica la localidad (hasta 100 caracteres).',
    province: 'Elige una provincia de la lista.',
    irpfRate: 'La retención de IRPF es del 15 % o, en los primeros años de ejercicio, del 7 %.',
    lawyerOnly: 'Solo los abogados indican la retención de IRPF y la autorización de facturación.',
    missing: 'Aún no has indicado tus datos fiscales.',
    neededToPay:
      'Para pagar más de 400 € necesitamos tus datos fiscales para la factura: añádelos en Mi Perfil, en «Datos fiscales», y vuelve a aceptar la propuesta.',
  },
  /** the web: 'Facturas' and the fiscal data form */
  screens: {
    listTitle: 'Facturas',
    listCaption: 'Facturas emitidas y recibidas, de la más reciente a la más antigua',
    empty: 'Aún no hay facturas.',
    loadError: 'No se pudieron cargar las facturas.',
    date: 'Fecha',
    number: 'Número',
    type: 'Tipo',
    parties: 'Emisor y destinatario',
    total: 'Total',
    download: 'Descargar',
    downloadLabel: (numSerie: string) => `Descargar la factura ${numSerie}`,
    downloadError: 'No se pudo descargar la factura. Inténtalo de nuevo.',
    paging: 'Páginas de facturas',
    book: 'Descargar el libro de facturas expedidas (CSV)',
    bookError: 'No se pudo descargar el libro de facturas. Inténtalo de nuevo.',
    types: {
      F1: 'Completa',
      F2: 'Simplificada',
      R1: 'Rectificativa',
      R2: 'Rectificativa',
      R3: 'Rectificativa',
      R4: 'Rectificativa',
      R5: 'Rectificativa',
    } as Record<string, string>,
    fiscalTitle: 'Datos fiscales',
    fiscalIntroClient:
      'Opcionales: con ellos tus facturas llevan tu NIF y tu domicilio. Por encima de 400 € son necesarios.',
    fiscalIntroLawyer:
      'Necesarios para que L4L expida tus facturas a los clientes en tu nombre y te facture su comisión.',
    nif: 'NIF, NIE o CIF',
    name: 'Nombre o razón social',
    street: 'Dirección',
    postalCode: 'Código postal',
    city: 'Localidad',
    province: 'Provincia',
    provincePlaceholder: 'Elige una provincia',
    isBusiness:
      'Soy empresa o profesional: retengo el IRPF de la factura del abogado y lo ingreso yo en Hacienda',
    irpfRate: 'Retención de IRPF',
    irpf15: '15 % (general)',
    irpf7: '7 % (inicio de actividad: el año de alta y los dos siguientes)',
    consent: 'Autorizo a L4L a expedir mis facturas a los clientes en mi nombre (facturación por tercero).',
    save: 'Guardar datos fiscales',
    saving: 'Guardando…',
    saved: 'Datos fiscales guardados.',
  },
  invoice: {
    serviceLine: (code: string, title: string) => `Servicios jurídicos del caso #${code}: ${title}`,
    rectifyingLine: (numSerie: string) =>
      `Rectificación de la factura ${numSerie}: devolución del importe (Ley 37/1992, art. 80)`,
    feeLine: (code: string) => `Comisión de intermediación de la plataforma L4L por el caso #${code}`,
    consultationServiceLine: (when: string) => `Servicios jurídicos: primera consulta del ${when}`,
    consultationFeeLine: (when: string) =>
      `Comisión de intermediación de la plataforma L4L por la primera consulta del ${when}`,
    // the PDF (RD 1619/2012, art. 6)
    titleComplete: 'Factura',
    titleSimplified: 'Factura simplificada',
    titleRectifying: 'Factura rectificativa',
    number: 'Número',
    series: 'Serie',
    date: 'Fecha de expedición',
    issuer: 'Emisor',
    recipient: 'Destinatario',
    nif: 'NIF',
    address: 'Domicilio',
    description: 'Descripción',
    base: 'Base imponible',
    vat: (rate: number) => `IVA (${rate} %)`,
    irpf: (rate: number) => `Retención de IRPF (${rate} %)`,
    total: 'Total',
    totalToPay: 'Total a pagar',
    thirdParty: (platform: string) =>
      `Facturación por tercero: factura expedida por ${platform} en nombre y por cuenta del emisor.`,
    rectifies: (numSerie: string) => `Rectifica la factura ${numSerie}`,
    verifactu: 'VERI*FACTU',
    verifactuNote:
      'Factura verificable en la sede electrónica de la AEAT. Registro de facturación con huella',
    case: 'Caso',
    noRecipientNif: 'Sin NIF (factura simplificada)',
  },
} as const;
