import type { Translation } from './en';

/** Dutch texts; same keys as en.ts (checked by the type). */
const nl: Translation = {
  app: {
    name: 'Courtside',
    tagline: 'Tennis- en padelladders',
    skipToContent: 'Naar de inhoud',
    home: 'Courtside-startpagina',
    footer: 'Courtside · tennis- en padelladders',
  },
  language: {
    label: 'Taal',
    switchTo: 'Schakel naar {{language}}',
    en: 'English',
    nl: 'Nederlands',
  },
  live: {
    connected: 'Live',
    connectedHint: 'Live-updates staan aan',
    connecting: 'Verbinden',
    connectingHint: 'Verbinden met live-updates…',
    reconnecting: 'Offline',
    reconnectingHint: 'Live-updates zijn gepauzeerd; opnieuw verbinden…',
  },
  loading: {
    label: 'Laden…',
  },
  alerts: {
    region: 'Meldingen',
    dismiss: 'Sluiten',
    info: 'Informatie',
    warning: 'Waarschuwing',
    error: 'Fout',
  },
  ladders: {
    title: 'Ladders',
    intro:
      'Vind een ladder bij jouw club, bekijk de stand en schrijf je in voor een seizoen. De ladders die open zijn voor inschrijving komen hier te staan.',
    emptyTitle: 'Nog geen ladders',
    emptyText: 'Zodra een club een ladder opent, vind je die hier.',
  },
  notFound: {
    code: '404',
    title: 'Pagina niet gevonden',
    text: 'We konden de pagina die je zocht niet vinden. Misschien is ze verplaatst of is het adres verkeerd getypt.',
    home: 'Naar de ladders',
  },
  error: {
    title: 'Er ging iets mis',
    text: 'Een onverwachte fout heeft deze pagina gestopt. Probeer het opnieuw.',
    reload: 'Pagina opnieuw laden',
  },
  devMailbox: {
    title: 'Dev-mailbox',
    intro:
      'Mail die de server tijdens ontwikkeling verstuurt, komt hier terecht in plaats van in een echte inbox.',
    placeholder: 'Hier verschijnt de outbox-viewer.',
  },
};

export default nl;
