/**
 * The club rules' refusals (boxes, challenges, companies, ladders, teams, tournaments: the api's `error` as their
 * rules write it, in English) in Dutch, by the English text. Loaded beside the Dutch texts (lib/i18n.ts
 * `refusalText`); an English page shows the api's text as it is. A match's and the live scorer's refusals have
 * their own texts (locales/match-refusals-*.ts, locales/live-scoring.ts).
 */
const refusalsNl: Readonly<Record<string, string>> = {
  // Boxes
  'A box match has a result: the boxes stay as they are':
    'Een wedstrijd in een poule heeft een uitslag: de poules blijven zoals ze zijn.',
  'A box league needs at least 3 active sides': 'Een poulecompetitie heeft minstens 3 actieve teams nodig.',
  'Not enough ids for the draw': 'Niet genoeg ids voor de loting.',
  'Draw the boxes first': 'Deel eerst de poules in.',
  'No such season': 'Dit seizoen bestaat niet (meer).',
  'The next season is a later season of the same ladder':
    'Het volgende seizoen moet een later seizoen van dezelfde ladder zijn.',
  'The next season has matches already': 'Het volgende seizoen heeft al wedstrijden.',
  'Not enough ids for the close': 'Niet genoeg ids om af te sluiten.',
  'A player of this season plays in another team of the next season':
    'Een speler van dit seizoen speelt in een ander team van het volgende seizoen.',
  'This season does not play in boxes': 'Dit seizoen wordt niet in poules gespeeld.',
  // Challenges
  'No such challenge': 'Deze uitdaging bestaat niet (meer).',
  'This challenge is not open any more': 'Deze uitdaging staat niet meer open.',
  'A walkover needs a match id': 'Een walk-over heeft een wedstrijd nodig.',
  // Companies
  'This company exists already': 'Deze club bestaat al.',
  'No such company': 'Deze club bestaat niet (meer).',
  'This person manages this company already': 'Deze persoon beheert deze club al.',
  'No such invitation': 'Deze uitnodiging bestaat niet (meer).',
  'No such manager': 'Deze beheerder bestaat niet (meer).',
  'A company keeps at least one manager': 'Een club houdt minstens één beheerder.',
  // Ladders and seasons
  'Laddername is not available': 'Deze laddernaam is al in gebruik.',
  'No such ladder': 'Deze ladder bestaat niet (meer).',
  'Season overlaps with another season': 'Dit seizoen overlapt met een ander seizoen.',
  'The format of a season with matches cannot change':
    'De speelvorm van een seizoen met wedstrijden kan niet meer veranderen.',
  'The sports category cannot change while the ladder has an active season':
    'De sport kan niet veranderen zolang de ladder een actief seizoen heeft.',
  'A ladder with an active season cannot be deleted':
    'Een ladder met een actief seizoen kan niet worden verwijderd.',
  'An active season cannot be deleted': 'Een actief seizoen kan niet worden verwijderd.',
  // Teams, invitations and pauses
  'Choose the teams to accept': 'Kies de teams die je wilt accepteren.',
  'This team is not waiting for approval any more': 'Dit team wacht niet meer op goedkeuring.',
  'Registration for this season is closed': 'De inschrijving voor dit seizoen is gesloten.',
  'Complete your account (name and phone) first': 'Vul eerst je account aan (naam en telefoon).',
  'You are in a team of this season already': 'Je zit al in een team van dit seizoen.',
  'No such partner request': 'Dit partnerverzoek bestaat niet (meer).',
  'No such team in this season': 'Dit team speelt niet in dit seizoen.',
  'This team is not active in this season': 'Dit team is niet actief in dit seizoen.',
  'This invitation cannot be taken up any more': 'Deze uitnodiging kan niet meer worden aangenomen.',
  'You are in this season already': 'Je speelt al in dit seizoen.',
  'No such active team in this season': 'Dit seizoen heeft geen actief team van jou.',
  'Choose a day after today': 'Kies een dag na vandaag.',
  // Tournaments
  'Enter 1 or more': 'Vul 1 of meer in.',
  'This tournament exists already': 'Dit toernooi bestaat al.',
  'The tournament does not take this now': 'Het toernooi neemt dit nu niet aan.',
  'Only its players and the club’s managers can do this':
    'Alleen de spelers en de beheerders van de club kunnen dit doen.',
  'Already entered': 'Al ingeschreven.',
  'The tournament is full': 'Het toernooi is vol.',
  'Not enough ids for the rounds': 'Niet genoeg ids voor de rondes.',
  'No such entry': 'Deze inschrijving bestaat niet (meer).',
  'An entry of this tournament is one player: leave out the partner':
    'Bij dit toernooi schrijf je je alleen in: laat de partner weg.',
  'Your partner must be someone else': 'Je partner moet iemand anders zijn.',
  'An entry of this tournament is two players: enter them by account':
    'Bij dit toernooi schrijf je je met z’n tweeën in: kies beide spelers via hun account.',
  'Give every entry once, in seed order': 'Geef elke inschrijving één keer, in de volgorde van plaatsing.',
  'A result exists: the draw stays as it is': 'Er is al een uitslag: het schema blijft zoals het is.',
  'Too few entries for a draw': 'Te weinig inschrijvingen voor een schema.',
  'Only a Mexicano makes its rounds one by one': 'Alleen een Mexicano maakt zijn rondes één voor één.',
  'A game of the last round has no result yet': 'Een partij van de laatste ronde heeft nog geen uitslag.',
  'Not enough ids for the round': 'Niet genoeg ids voor de ronde.',
  'No such game': 'Deze partij bestaat niet (meer).',
  'The next round is made: this result stays': 'De volgende ronde is gemaakt: deze uitslag blijft staan.',
  'Draw the tournament first': 'Maak eerst het schema van het toernooi.',
  'No such tournament': 'Dit toernooi bestaat niet (meer).',
};

export default refusalsNl;
