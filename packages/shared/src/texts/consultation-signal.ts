/** The server's Spanish refusals of the video room's signalling frames (docs/api/stomp.md, Consultation signalling). */
export const consultationSignalEs = {
  notFound: 'Esta consulta no existe o no es tuya.',
  notReserved: 'La sala solo está abierta para consultas reservadas.',
  notOpenYet: 'La sala de esta consulta abre 10 minutos antes del inicio.',
  ended: 'Esta consulta ya ha terminado.',
  invalidSignal: 'Señal de la llamada no válida.',
  invalidJson: 'El cuerpo debe ser JSON válido.',
} as const;
