import { describe, expect, it } from 'vitest';
import {
  altaHashInput,
  altaHuella,
  anulacionHashInput,
  anulacionHuella,
  type ChainRecord,
  checkChain,
  qrUrl,
  recordAmount,
  recordDate,
  recordTimestamp,
} from './verifactu.ts';

/**
 * The three worked examples of the AEAT's 'Detalle de las especificaciones técnicas para generación de la
 * huella o hash de los registros de facturación' (v0.1.2, section 6): a first alta, an alta chained to it,
 * and an anulación chained to that.
 */
const AEAT_1 = '3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60';
const AEAT_2 = 'F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97';
const AEAT_3 = '177547C0D57AC74748561D054A9CEC14B4C4EA23D1BEFD6F2E69E3A388F90C68';

const first = {
  IDEmisorFactura: '89890001K',
  NumSerieFactura: '12345678/G33',
  FechaExpedicionFactura: '01-01-2024',
  TipoFactura: 'F1',
  CuotaTotal: '12.35',
  ImporteTotal: '123.45',
  HuellaAnterior: '',
  FechaHoraHusoGenRegistro: '2024-01-01T19:20:30+01:00',
};
const second = {
  ...first,
  NumSerieFactura: '12345679/G34',
  HuellaAnterior: AEAT_1,
  FechaHoraHusoGenRegistro: '2024-01-01T19:20:35+01:00',
};
const cancellation = {
  IDEmisorFacturaAnulada: '89890001K',
  NumSerieFacturaAnulada: '12345679/G34',
  FechaExpedicionFacturaAnulada: '01-01-2024',
  HuellaAnterior: AEAT_2,
  FechaHoraHusoGenRegistro: '2024-01-01T19:20:40+01:00',
};

describe('VERI*FACTU huella against the AEAT worked examples', () => {
  it('first alta of a chain: the exact text and its hash', () => {
    expect(altaHashInput(first)).toBe(
      'IDEmisorFactura=89890001K&NumSerieFactura=12345678/G33&FechaExpedicionFactura=01-01-2024&TipoFactura=F1&CuotaTotal=12.35&ImporteTotal=123.45&Huella=&FechaHoraHusoGenRegistro=2024-01-01T19:20:30+01:00',
    );
    expect(altaHuella(first)).toBe(AEAT_1);
  });

  it('an alta chained to the previous record', () => {
    expect(altaHuella(second)).toBe(AEAT_2);
  });

  it('an anulación chained to the alta it follows', () => {
    expect(anulacionHashInput(cancellation)).toBe(
      `IDEmisorFacturaAnulada=89890001K&NumSerieFacturaAnulada=12345679/G34&FechaExpedicionFacturaAnulada=01-01-2024&Huella=${AEAT_2}&FechaHoraHusoGenRegistro=2024-01-01T19:20:40+01:00`,
    );
    expect(anulacionHuella(cancellation)).toBe(AEAT_3);
  });

  it('trims every value before hashing', () => {
    expect(altaHuella({ ...first, IDEmisorFactura: ' 89890001K ', CuotaTotal: '12.35 ' })).toBe(AEAT_1);
  });
});

describe('record values', () => {
  it('writes amounts with a dot, two decimals and no thousands separator', () => {
    expect(recordAmount(1)).toBe('0.01');
    expect(recordAmount(12_35)).toBe('12.35');
    expect(recordAmount(99_999_999)).toBe('999999.99');
    expect(recordAmount(-50)).toBe('-0.50');
  });

  it("dates the record in Madrid's time, with its winter and summer offsets", () => {
    expect(recordTimestamp(new Date('2024-01-01T18:20:30Z'))).toBe('2024-01-01T19:20:30+01:00');
    expect(recordTimestamp(new Date('2026-07-15T09:21:33.900Z'))).toBe('2026-07-15T11:21:33+02:00');
    // New Year's Eve at 23:30 UTC is already the first of January in Madrid
    expect(recordDate(new Date('2026-12-31T23:30:00Z'))).toBe('01-01-2027');
    expect(recordTimestamp(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01T00:30:00+01:00');
  });

  it('builds the QR address with the series and number URL-encoded', () => {
    expect(
      qrUrl('https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR', {
        nif: '89890001K',
        numSerie: '12345678&G33',
        issueDate: '01-01-2024',
        importeTotal: '241.4',
      }),
    ).toBe(
      'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678%26G33&fecha=01-01-2024&importe=241.4',
    );
  });
});

describe('the chain check', () => {
  const chain: ChainRecord[] = [
    {
      kind: 'alta',
      position: 1,
      issuerNif: first.IDEmisorFactura,
      numSerie: first.NumSerieFactura,
      issueDate: first.FechaExpedicionFactura,
      invoiceType: 'F1',
      cuotaTotal: '12.35',
      importeTotal: '123.45',
      previousHuella: '',
      huella: AEAT_1,
      generatedAt: first.FechaHoraHusoGenRegistro,
    },
    {
      kind: 'alta',
      position: 2,
      issuerNif: '89890001K',
      numSerie: second.NumSerieFactura,
      issueDate: '01-01-2024',
      invoiceType: 'F1',
      cuotaTotal: '12.35',
      importeTotal: '123.45',
      previousHuella: AEAT_1,
      huella: AEAT_2,
      generatedAt: second.FechaHoraHusoGenRegistro,
    },
    {
      kind: 'anulacion',
      position: 3,
      issuerNif: '89890001K',
      numSerie: '12345679/G34',
      issueDate: '01-01-2024',
      invoiceType: 'F1',
      cuotaTotal: '12.35',
      importeTotal: '123.45',
      previousHuella: AEAT_2,
      huella: AEAT_3,
      generatedAt: cancellation.FechaHoraHusoGenRegistro,
    },
  ];

  it('verifies the AEAT examples as one chain', () => {
    expect(checkChain(chain)).toEqual({ ok: true, records: 3 });
  });

  it('fails on a change to any field of any alta, and a removed record', () => {
    const fields = [
      'issuerNif',
      'numSerie',
      'issueDate',
      'invoiceType',
      'cuotaTotal',
      'importeTotal',
      'previousHuella',
      'huella',
      'generatedAt',
    ] as const;
    for (const field of fields) {
      const tampered = chain.map((r) => ({ ...r }));
      const target = tampered[1] as ChainRecord;
      target[field] = field === 'huella' || field === 'previousHuella' ? AEAT_3 : `${target[field]}0`;
      expect(checkChain(tampered), field).toMatchObject({ ok: false, position: 2 });
    }
    expect(checkChain([chain[0], chain[2]] as ChainRecord[])).toMatchObject({ ok: false, position: 3 });
  });
});
