// English: /help, what the bot does, its commands by group, and how to
// start a first game. One line per command; test/bot/help.test.ts checks
// that every registered command is listed.
export const help = {
  help: {
    cmd: { description: 'What hexmate does, its commands, and how to start a first game' },
    title: 'hexmate: Exxit and Orion Duel on Discord',
    intro:
      'I run games of **Exxit** and **Orion Duel**, two strategy games on hexagons, between members of this server or against my AI. Each game gets its own thread: I post the board after every move and ping whoever is to move.',
    firstTitle: 'Your first game',
    first:
      '1. Learn a game with `/rules`: a short illustrated lesson, page by page (`/rules game:Exxit`).\n2. Play my AI at the easy level: `/play-bot game:Exxit level:easy`. A thread opens with the board.\n3. In the thread, click **Move** under the board: menus offer only legal moves, step by step, and show the position after yours before you **Confirm** (the easy way on a phone). Or type `/move` and pick a move from the list. If a move is refused, its **Why?** button opens the page of the rule.\n4. Ready for a person? `/challenge game:Exxit opponent:@someone`, or leave out the opponent to let anyone accept.',
    playTitle: 'Play',
    play: '`/challenge game [opponent]`: challenge someone, or anyone, to a game; options for a rated game, the tiles or the layout, who moves first and the time per move.\n`/play-bot game level`: a game against my AI (easy, medium or hard; expert, which thinks up to 10 s a move, where games are slow), unrated.\n**Move** button, under the board when it is your turn: build your move from menus of legal choices, see it on a preview, confirm; made for phones.\n`/move text`: in a game’s thread, play a move by typing it (or pick it from the list).\n`/board [detail]`: show the position again; `detail:True` shows you privately what the picture leaves out (the score’s parts, reserves, tiles left).\n`/draw`, `/resign`: offer or accept a draw; resign.\n`/takeback`: ask to take back your last move (the AI always accepts).\n`/abort`: call a game off with no result, before each side has moved.',
    aroundTitle: 'Around the games',
    around:
      '`/rules game [topic]`: the rules, illustrated, one topic per page.\n`/games`: the games being played here, with links to watch them.\n`/replay game`: an animated replay of a game, with its move list.\n`/puzzle [game]`: a position from a real game where one move is clearly best, to solve privately (one try); it moves your puzzle rating.\n**Retry your mistakes**, under a game’s review: the positions before your mistakes, to find the better move.\n`/stats [user] [game]`: ratings, record, streak and recent games.\n`/leaderboard game [season]`: the best rated players, here or in all servers, all time or this season.\n`/tournament standings`: the table of a tournament; players join one on its card.\n`/help`: this page.',
    adminTitle: 'For admins (Manage Server)',
    admin:
      '`/settings`: the default time per move of new challenges, the language of the bot’s public posts, the channels where games may start, who may run tournaments, rating seasons, takebacks in rated games, and a channel for the daily puzzle.\n`/tournament create`: a Swiss or round-robin tournament run by the bot.\n`/endgame`: close a stuck or damaged game with no result and no rating change.',
    footer:
      'Only you see this. Refusals cite numbered rules (EX-13d for Exxit, OD-14 for Orion Duel): `/rules` explains each of them.',
  },
} as const;
