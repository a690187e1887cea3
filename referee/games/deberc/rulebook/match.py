"""§7 The match: target, winner, closing, false closing, mercy gap, match result."""
# ruff: noqa: E501 -- rule texts and alias lists read better unbroken

from referee.rulebook.base import MOSCOW_RULES, SERVICE, VARIANTS, article

ARTICLES = [
    article(
        "match.target",
        ru=(
            "Партия: до скольких играют",
            """
Партию играют до договорённого числа очков: обычно 501 (если не договорились иначе), 301 или
1001 вчетвером. Формат партии: до набора очков (race) или число сдач (fixed) — играют
договорённое число сдач (пустые тоже считаются), затем побеждает больший итог, при равенстве —
взявший послед последней сдачи, затем первый по часовой стрелке от её сдатчика (короткий
деберц).

Байтующий пишет 0, поэтому «дойти» до нужных очков в сдаче с байтом нельзя.""",
        ),
        uk=(
            "Партія: до скількох грають",
            """
Партію грають до домовленої кількості очок: зазвичай 501 (якщо не домовилися інакше), 301 або
1001 учотирьох. Формат партії: до набору очок (race) або кількість здач (fixed) — грають
домовлену кількість здач (порожні теж рахуються), потім перемагає більший підсумок, за
рівності — той, хто взяв послід останньої здачі, далі — перший за годинниковою стрілкою від
того, хто її роздавав (короткий деберц).

Гравець у байті пише 0, тож «дійти» до потрібних очок у здачі з байтом не можна.""",
        ),
        en=(
            "The match: how far you play",
            """
A match is played to the target: usually 501 (default), 301, or 1001 with four. Convention
format: race (to the target) or fixed (fixed_deals deals, void ones included, then the higher
total wins; equal totals go to the last trick of the final deal, then the earlier clockwise
from its dealer's left — short deberc [короткий деберц]).

A player in byte records 0, so reaching the target on a byte deal does not count.""",
        ),
        kw_ru="до скольких играют, 501, 301, 1001, партия, цель, короткий деберц, фиксированное число сдач",
        kw_uk="до скількох грають, 501, 301, 1001, партія, короткий деберц",
        kw_en="target, play to 501, 301, 1001, match length, short deberc, fixed deals",
        conventions=("target", "format", "fixed_deals"),
        source=(MOSCOW_RULES, VARIANTS),
    ),
    article(
        "match.winner",
        ru=(
            "Кто выиграл партию",
            """
После каждой сдачи игрок, набравший нужные очки (501 или сколько договорились) или больше,
выигрывает. Если таких несколько — договорённость «оба набрали 501»: послед (last_trick) —
тот, кто взял послед этой сдачи (московские правила); больший счёт (higher) — больший итог,
при равенстве — послед (московские правила знают и так). Если и это не решает (втроём) —
больший итог, затем первый по часовой стрелке от сдатчика.""",
        ),
        uk=(
            "Хто виграв партію",
            """
Після кожної здачі гравець, що набрав потрібні очки (501 чи скільки домовилися) або більше,
виграє. Якщо таких кілька — домовленість «обидва набрали 501»: послід (last_trick) — хто взяв
послід цієї здачі (московські правила); більший рахунок (higher) — більший підсумок, за
рівності — послід (московські правила знають і так). Якщо й це не вирішує (утрьох) — більший
підсумок, далі перший за годинниковою стрілкою від того, хто роздавав.""",
        ),
        en=(
            "Who wins the match",
            """
After each deal a player at or above the target wins. If several are, convention
both_over_target: last_trick (whoever took that deal's last trick; the Moscow rules) or
higher (the higher total; on equal totals, the last trick; the Moscow rules know this too). If
neither decides (3 players), the higher total, then the earlier clockwise from the dealer's
left.""",
        ),
        kw_ru="оба набрали 501, оба за 501, кто выиграл, победа в партии, послед решает",
        kw_uk="обидва набрали 501, хто виграв, перемога в партії",
        kw_en="both over target, who wins, match winner, both reached 501",
        conventions=("both_over_target",),
        source=MOSCOW_RULES,
    ),
    article(
        "match.closing",
        ru=(
            "Закрытие партии",
            """
Закрытие: на своём ходу, в любой момент, кроме розыгрыша последней взятки, игрок может
заявить, что набрал партию. Сдача останавливается; очки, взятые заявившим в этой сдаче (карты
во взятках, засчитанные комбинации, объявленная белла), прибавляются к его счёту; остальные
за эту сдачу ничего не пишут, висячие банки не разыгрываются. Набрал нужные очки (например,
501) или больше — он выигрывает, даже если у другого больше. Меньше — ложное закрытие.

Поскольку на последней взятке закрываться нельзя, игрок, набравший 501 последней взяткой, но
попавший в байт, очков не получает, и игра продолжается.

По записи по картам закрытие должно быть на ходу заявившего и до последней взятки — девятой
вдвоём и втроём, восьмой вчетвером (иначе запись отклоняется, код illegal_closing).""",
        ),
        uk=(
            "Закриття партії",
            """
Закриття: на своєму ході, будь-коли, крім розіграшу останньої взятки, гравець може заявити,
що набрав партію. Здача зупиняється; очки, які він узяв у цій здачі (карти у взятках,
зараховані комбінації, оголошена белла), додаються до його рахунку; інші за цю здачу нічого
не пишуть, висячі банки не розігруються. Набрав потрібні очки (наприклад, 501) чи більше —
виграє, навіть якщо в іншого більше. Менше — хибне закриття.

Оскільки на останній взятці закриватися не можна, гравець, який набрав 501 останньою
взяткою, але потрапив у байт, очок не отримує, і гра триває.

У записі по картах закриття має бути на ході того, хто заявив, і до останньої взятки —
дев’ятої удвох і втрьох, восьмої вчотирьох (інакше запис відхиляється, код illegal_closing).""",
        ),
        en=(
            "Closing the match",
            """
Closing [закрытие]: on their own turn, at any time but during the last trick, a player may
claim the match. The deal stops; the claimant's points taken so far in this deal (cards in
tricks, credited combinations, declared bella) are added to their match total; nobody else
records anything and hanging pools stay unplayed. At or above the target (e.g. 501) the
claimant wins, even if another player has more. Below it is a false closing.

As no one may close during the last trick, a player who reaches 501 with the last trick but
is in byte gets no points, and play goes on.

With a card-by-card record the claim must come on the claimant's turn and before the last
trick — the ninth with two or three players, the eighth with four (illegal_closing
otherwise).""",
        ),
        kw_ru="закрытие, закрыть партию, закрылся, закрытие 501, заявить 501, досрочно, набрал 501",
        kw_uk="закриття, закрити партію, закрився, закриття 501, заявити 501, достроково",
        kw_en="closing, close the match, claim, claim 501, declare out, going out",
        conventions=("target", "false_closing"),
        source=(MOSCOW_RULES, VARIANTS),
    ),
    article(
        "match.false_closing",
        ru=(
            "Ложное закрытие",
            """
Заявил закрытие, не набрав нужных очков, — ложное закрытие. Обычно (проигрыш партии, loses;
московские правила: «ложное объявление об окончании игры наказывается сразу же проигрышем
партии»): за сдачу ничего не пишется, заявивший проигрывает партию; втроём побеждает другой
игрок с большим счётом (при равенстве — первый по часовой стрелке от сдатчика).

Харьков, удвоенный счёт соперникам (double_to_opponents; «все очки за сыгранные сдачи вдвойне
достаются сопернику»): счёт заявившего обнуляется, удвоенный прежний счёт получает соперник
(втроём — пополам двум), игра продолжается.

Там же партию нельзя закрыть на козырном валете: после хода козырным валетом заявивший должен
взять ещё какую-нибудь взятку и только потом закрываться. Если козырный валет пришёл в
последней взятке, закрыться уже нельзя: начинают новую сдачу.""",
        ),
        uk=(
            "Хибне закриття",
            """
Заявив закриття, не набравши потрібних очок, — хибне закриття. Зазвичай (програш партії,
loses; московські правила: хибне оголошення про закінчення гри карається одразу програшем
партії): за здачу нічого не пишеться, той, хто заявив, програє партію; утрьох перемагає інший
гравець із більшим рахунком (за рівності — перший за годинниковою стрілкою від того, хто
роздавав).

Харків, подвоєний рахунок суперникам (double_to_opponents; «усі очки за зіграні здачі вдвічі
дістаються супернику»): рахунок того, хто заявив, обнуляється, подвоєний колишній рахунок
отримує суперник (утрьох — навпіл двом), гра триває.

Там само партію не можна закрити на козирному валеті: після ходу козирним валетом той, хто
закривається, мусить узяти ще якусь взятку й лише потім закриватися. Якщо козирний валет
прийшов в останній взятці, закритися вже не можна: починають нову здачу.""",
        ),
        en=(
            "False closing",
            """
Claiming without reaching the target is a false closing. Usually (false_closing: loses; the
Moscow rules) nothing is recorded for the deal and the claimant loses the match; with 3 players
the winner is the other player with the higher match total (equal: the first clockwise from
the dealer's left).

Kharkov, false_closing: double_to_opponents ("all points of the played deals go doubled to
the opponent"): the claimant's match total drops to 0, twice that former total is credited to
the opponent (halved between two with 3 players), and play goes on.

There a match may not be closed on the trump jack: after the trump jack has been played, the
claimant must take a later trick before claiming. If the trump jack fell in the last trick,
no closing is possible any more: a new deal starts.""",
        ),
        kw_ru="ложное закрытие, неправильное закрытие, закрылся без 501, не хватило очков, проигрыш партии, вдвойне сопернику, закрытие на козырном валете",
        kw_uk="хибне закриття, помилкове закриття, закрився без 501, не вистачило очок, вдвічі супернику, закриття на козирному валеті",
        kw_en="false closing, wrong claim, claimed without 501, failed claim, double to opponents, closing on the trump jack",
        conventions=("false_closing",),
        presets=("kharkov",),
        source=(MOSCOW_RULES, VARIANTS),
        project_default=True,
    ),
    article(
        "match.mercy",
        ru=(
            "Деберц с полтинниками: предложение 50 и разрыв 250",
            """
Деберц с полтинниками (договорённость «разрыв 250»): в любое время после того, как соперник
назначил козырь, но до сдачи трёх последних карт игрок может предложить сопернику записать
50 очков без игры; если тот согласен, соперник предложившего пишет 50, и сдача
заканчивается. Когда разрыв в записи между лидером и другим игроком достигает 250 очков,
партия закончена: выигрывает лидер.""",
        ),
        uk=(
            "Деберц із полтинниками: пропозиція 50 і розрив 250",
            """
Деберц із полтинниками (домовленість «розрив 250»): будь-коли після того, як суперник
призначив козир, але до роздачі трьох останніх карт гравець може запропонувати суперникові
записати 50 очок без гри; якщо той згоден, суперник того, хто запропонував, пише 50, і здача
закінчується. Коли розрив у записі між лідером та іншим гравцем досягає 250 очок, партію
закінчено: виграє лідер.""",
        ),
        en=(
            "Deberc with fifties: the fifty offer and the 250 gap",
            """
Deberc with fifties (convention mercy_gap): at any time after the opponent has named the
trump, but before the last 3 cards are dealt, a player may offer the opponent 50 points
without play; if accepted, the offeror's opponent records 50 and the deal ends. When the gap
between the leader and another player reaches 250, the match is over: the leader wins.""",
        ),
        kw_ru="разрыв 250, предложить 50, полтинник без игры, деберц с полтинниками",
        kw_uk="розрив 250, запропонувати 50, деберц із полтинниками",
        kw_en="mercy rule, 250 gap, fifty offer, deberc with fifties",
        conventions=("mercy_gap",),
        source=VARIANTS,
    ),
    article(
        "match.result",
        ru=(
            "Очки за партию в турнире",
            """
Победитель партии получает турнирные очки. Московские правила дают два варианта, один или
другой (договорённость «очки за партию»): 1 за победу (win) — одно условное очко за
выигранную партию; или, по предварительной договорённости, разница (difference) — вместо него
очки, до которых играют, минус счёт проигравшего; ничего, если оба их набрали.""",
        ),
        uk=(
            "Очки за партію в турнірі",
            """
Переможець партії отримує турнірні очки. Московські правила дають два варіанти, один або
інший (домовленість «очки за партію»): 1 за перемогу (win) — одне умовне очко за виграну
партію; або, за попередньою домовленістю, різниця (difference) — замість нього різниця між
очками, до яких грають, і рахунком того, хто програв; нічого, якщо обидва їх набрали.""",
        ),
        en=(
            "Match points in a tournament",
            """
The winner gets the match point(s). The Moscow rules give two alternatives, one or the other
(convention match_score): win (one nominal point per won match) or, by prior agreement,
difference (instead, target − the loser's total; nothing when both are at or above the
target).""",
        ),
        kw_ru="очки за партию, разница, турнирные очки, сколько получает победитель",
        kw_uk="очки за партію, різниця, турнірні очки",
        kw_en="match points, difference, tournament score, win points",
        conventions=("match_score",),
        source=MOSCOW_RULES,
    ),
    article(
        "match.project_defaults",
        ru=(
            "Как этот сервис читает правила",
            """
Где правила (московские, харьковские, одесские, онлайн-стола) молчат или говорят неясно, так
читает их этот сервис (где есть договорённость, стол может выбрать иначе): нечётное очко при
делении — раньше по часовой стрелке от сдатчика; байт на картах втроём — сумма пополам двум
другим; харьковское ложное закрытие — удвоенный счёт соперникам; пересдача при малом числе
очков и одесская пересдача за ренонс — следующему по очереди сдатчику, пересдача за четыре
семёрки — тому же; вчетвером каждый сам за себя — как втроём; записанные очки проверяются по
возможному раскладу колоды.""",
        ),
        uk=(
            "Як цей сервіс читає правила",
            """
Де правила (московські, харківські, одеські, онлайн-столу) мовчать або кажуть неясно, так
читає їх цей сервіс (де є домовленість, стіл може обрати інакше): непарне очко при поділі —
раніше за годинниковою стрілкою від того, хто роздає; байт на картах утрьох — навпіл двом
іншим; харківське хибне закриття — подвоєний рахунок суперникам; перездача при малій
кількості очок і одеська перездача за ренонс — наступному за чергою, перездача за чотири
сімки — тому самому; учотирьох кожен сам за себе — як утрьох; записані очки перевіряються за
можливим розкладом колоди.""",
        ),
        en=(
            "How this service reads the rules",
            """
Where the rule texts (Moscow, Kharkov, Odessa, the online table's) are silent or unclear,
this is this service's reading (where a convention exists, a table may choose otherwise): the
odd point of a halving goes to the earlier player clockwise; a 3-player card byte is halved
between the other two; the Kharkov false closing doubles the total to the opponents; the
poor-hand redeal and Odessa's renonce redeal pass to the next dealer in turn, the four-sevens
redeal stays with the same dealer; four players each for himself play as three do; card
points are checked against a split of the deck.""",
        ),
        kw_ru="по умолчанию, как читает сервис, решения сервиса, настройки",
        kw_uk="за замовчуванням, як читає сервіс, рішення сервісу",
        kw_en="project default, service reading, defaults, house rules",
        source=SERVICE,
        project_default=True,
    ),
    article(
        "match.short",
        ru=(
            "Короткий деберц в одну сдачу и «даве»",
            """
Короткий деберц — вариант московских правил: выигрывает тот, кто наберёт больше очков. В одну
сдачу его играют так:
— без байта (вдвоём или втроём): выигрывает набравший больше, кто заказал козырь — неважно;
— с байтом вдвоём: заказавший козырь, набрав меньше соперника, проигрывает двойную ставку;
— с байтом втроём: заказавший козырь при выигрыше получает с каждого по ставке, при проигрыше
платит каждому по ставке (ставка — оговорённое число очков);
— с «даве» вдвоём: сказавший «даве» предлагает сопернику сдаться за оговорённые очки или
играть на удвоенные. Один игрок не может предложить даве два раза подряд: принявший
предложение получает право на следующее даве. Как растёт ставка (прибавлением или
удвоением), договариваются до игры.

Сервис записывает короткую партию как партию на число сдач (формат «число сдач», одна
сдача): сдачу он считает по обычным правилам, с байтом, и побеждает больший итог. Ставки,
двойная ставка и даве — расчёт между игроками: сервис их не записывает.""",
        ),
        uk=(
            "Короткий деберц в одну здачу і «даве»",
            """
Короткий деберц — варіант московських правил: виграє той, хто набере більше очок. В одну
здачу його грають так:
— без байту (удвох чи втрьох): виграє той, хто набрав більше, хто замовив козир — неважливо;
— з байтом удвох: той, хто замовив козир, набравши менше за суперника, програє подвійну
ставку;
— з байтом утрьох: той, хто замовив козир, у разі виграшу отримує з кожного по ставці, у разі
програшу платить кожному по ставці (ставка — обумовлена кількість очок);
— з «даве» удвох: той, хто сказав «даве», пропонує суперникові здатися за обумовлені очки або
грати на подвоєні. Один гравець не може запропонувати даве двічі поспіль: той, хто прийняв
пропозицію, отримує право на наступне даве. Як росте ставка (додаванням чи подвоєнням),
домовляються до гри.

Сервіс записує коротку партію як партію на кількість здач (формат «кількість здач», одна
здача): здачу він рахує за звичайними правилами, з байтом, і перемагає більший підсумок.
Ставки, подвійна ставка й даве — розрахунок між гравцями: сервіс їх не записує.""",
        ),
        en=(
            'Short deberc in one deal, and "даве"',
            """
Short deberc is a variant of the Moscow rules: whoever scores more wins. Played in one deal:
— without a byte (two or three players): the higher total wins, whoever named the trump;
— with a byte, two players: a declarer who scores less than the opponent loses a double stake;
— with a byte, three players: the declarer wins one stake from each player, or pays each one
(a stake is an agreed number of points);
— with "даве", two players: a player who says "даве" offers the opponent to give up for the
agreed points or to play for twice as many. Nobody may offer it twice in a row: whoever
accepted gets the right to the next one. How the stake grows (adding or doubling) is agreed
before play.

The service records a short match as a match of a fixed number of deals (convention format:
fixed, fixed_deals 1): it scores the deal by the usual rules, bytes included, and the higher
total wins. Stakes, the double stake and даве are settled between the players: the service
does not record them.""",
        ),
        kw_ru="короткий деберц, одна сдача, в одну сдачу, даве, сдаться, ставка, двойная ставка, без байда",
        kw_uk="короткий деберц, одна здача, в одну здачу, даве, здатися, ставка, подвійна ставка",
        kw_en="short deberc, one deal, dave, give up, stake, double stake",
        conventions=("format", "fixed_deals"),
        source=VARIANTS,
        project_default=True,
    ),
]
