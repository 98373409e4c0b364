/* Evolution cards HD-01 .. AB-10 (cards.h). Playing one puts it on its segment pile;
 * its ability is passive and lives where the rules use it, read through mz_has_evo() and the
 * card's numbers in cards.csv:
 *   head:    HD-01 battle.c (spoils), HD-02 battle.c (b strength, a centipede offer),
 *            HD-03 battle.c (second ferocity card), HD-04 battle.c (prevention), HD-05
 *            battle.c / queen.c (shooting at the start of the soldier phase), HD-06 battle.c
 *            (start-of-battle move), HD-07 battle.c (cleanup), HD-08/10/11 battle.c
 *            (strength), HD-09 battle.c (casualties), HD-11/12 battle.c (spoils);
 *   thorax:  TX-01 board.c / worker.c (adjacency), TX-02 worker.c (centipede steps), TX-03
 *            board.c (inhabiting) / worker.c (wormhole), TX-04 worker.c (after Forage),
 *            TX-05 cards.c (cost), TX-06 board.c (mz_may_leave), TX-07 worker.c (march
 *            reaction), TX-08/09/10 worker.c (explore), TX-11/12 worker.c (forage, march);
 *   abdomen: AB-01 battle.c, AB-02 queen.c (feeding), AB-03/10 queen.c (queen's choice),
 *            AB-04/05/07/08 queen.c (harvest), AB-06 queen.c (final round), AB-09 queen.c. */
#include "marsz.h"

const mz_card_fx mz_fx_evolutions[34] = {{0}};
