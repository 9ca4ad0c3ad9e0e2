import type { AccessibilityTranslation } from './accessibility-en';

/** Dutch texts of the accessibility statement (same shape as accessibility-en.ts). */
const accessibilityNl: AccessibilityTranslation = {
  accessibility: {
    title: 'Toegankelijkheid',
    intro:
      'Courtside wil voor iedereen bruikbaar zijn: met alleen een toetsenbord, met een schermlezer, ingezoomd, op een kleine telefoon. We streven naar WCAG 2.2 niveau AA op elke pagina.',
    testedTitle: 'Wat we testen, en hoe',
    tested: {
      axe: 'Bij elke wijziging opent een automatische test de pagina’s in het Engels en het Nederlands, 1280 en 375 pixels breed, niet ingelogd, als speler en als clubbeheerder, met de menu’s en dialogen open, en laat axe-core ze controleren. Elk probleem dat het vindt, hoe klein ook, houdt de wijziging tegen.',
      keyboard:
        'Met alleen het toetsenbord spelen we de routes door: inloggen, inschrijven voor een seizoen, uitdagen, accepteren, een uitslag invoeren en bevestigen, een uitslag wijzigen en opslaan, een live punt scoren, en de dialogen openen en sluiten: inschrijven voor een seizoen, een uitdaging accepteren, een seizoen verlaten, een wedstrijd annuleren en betwisten, een wedstrijd op games beëindigen bij het live tellen, je account verwijderen, en de bevestigingen van de clubbeheerder om een ladder of een seizoen te verwijderen, een team te verwijderen, een uitnodiging in te trekken en een beheerder te verwijderen. De focus moet zichtbaar blijven, na een actie nooit zoekraken en terugkeren naar wat een dialoog opende.',
      live: 'Live scores en wijzigingen in de stand worden beleefd aan schermlezers gemeld, via één meldingsgebied per pagina: een punt hooguit één keer, een wijziging in de stand één keer, en niets als een pagina opent.',
      motion: 'Vraagt je apparaat om minder beweging, dan bewegen de pagina’s niet.',
    },
    limitsTitle: 'Wat nog niet perfect is',
    limits:
      'Automatische controles vinden veel drempels, niet allemaal. Onze tests draaien alleen in Chromium en controleren wat in het meldingsgebied voor schermlezers terechtkomt, zonder met schermlezers zelf te luisteren. Van de schermen van de clubbeheerder spelen we tot nu toe het accepteren van een team en van alle wachtende teams, het wisselen tussen de tabbladen van een seizoen, het aanmaken en wijzigen van een seizoen, het aanmaken van een wedstrijd, het invoeren van de uitslag en het annuleren ervan, het uitnodigen van spelers, het uitnodigen en verwijderen van een beheerder en het indelen in poules met alleen het toetsenbord door, nog niet elk formulier en elke lijst; axe-core controleert ze allemaal. De pagina van een link om je wachtwoord opnieuw in te stellen en de pagina van een uitnodiging (om te spelen, om te beheren en het verzoek van een partner, uitgelogd en ingelogd) controleert axe-core zoals elke andere pagina; geen van deze pagina’s spelen we al met alleen het toetsenbord door. De widget die een club in haar eigen site opneemt controleren we als onze pagina; de site eromheen is van de club.',
    contactTitle: 'Meld een drempel',
    contact:
      'Loop je ergens tegenaan? Schrijf naar het e-mailadres van de ladder waarin je speelt (de club die haar organiseert geeft het bij haar ladder). Vertel welke pagina, wat je probeerde en wat je gebruikt (browser, schermlezer, zoom).',
    updated: 'Deze verklaring is voor het laatst nagekeken in november 2026.',
  },
};

export default accessibilityNl;
