"""§8 Presets. The values of each preset are read from the engine."""

from referee.rulebook.base import MOSCOW_RULES, ONLINE_RULES, SERVICE, VARIANTS, article

ARTICLES = [
    article(
        "presets.moscow",
        ru=(
            "Московский деберц",
            """
Классические правила (московские правила и описание вариантов): играют вдвоём или втроём
до 501, сдаёт выигравший сдачу, первой ходит первая рука, перебивать обязательно только при
ходе с козыря, козырь в комбинации учитывается, ренонс — байт на картах. Остальные варианты —
производные от него.""",
        ),
        uk=(
            "Московський деберц",
            """
Класичні правила (московські правила й опис варіантів): грають удвох чи втрьох до 501,
роздає той, хто виграв здачу, першою ходить перша рука, перебивати обов’язково лише при ході
з козиря, козир у комбінації враховується, ренонс — байт на картах. Інші варіанти — похідні
від нього.""",
        ),
        en=(
            "Moscow deberc",
            """
The classic rules (the Moscow rules and the guide to the variants): two or three players to
501, the deal's winner deals, the eldest leads, overtrumping only when trump is led, trump
counts in combination seniority, a renonce is a card byte. The other variants derive from it.""",
        ),
        kw_ru="московский, московские правила, классика, пресет",
        kw_uk="московський, московські правила, класика",
        kw_en="moscow, classic rules, preset, ruleset",
        presets=("moscow",),
        source=(MOSCOW_RULES, VARIANTS),
    ),
    article(
        "presets.online",
        ru=(
            "Онлайн-стол",
            """
Правила онлайн-стола: как московские, но если разыгрывающая висячку сдача втроём закончилась
байтом, висячку делят пополам вистующие («повисшие очки разделят поровну вистующие»).
Полтинник онлайн-стол называет также «берц» и «деберц».

Если оба набрали 501 в одной сдаче, правила онлайн-стола ничего не говорят («первый игрок,
набравший равное или большее количество очков, объявляется победителем»); этот сервис
отдаёт победу большему счёту (см. строку «так читает этот сервис» ниже).""",
        ),
        uk=(
            "Онлайн-стіл",
            """
Правила онлайн-столу: як московські, але якщо здача втрьох, що розігрує висячку, закінчилася
байтом, висячку ділять навпіл вістуючі («висячі очки поділять порівну вістуючі»). Полтинник
онлайн-стіл називає також «берц» і «деберц».

Якщо обидва набрали 501 в одній здачі, правила онлайн-столу нічого не кажуть («перший
гравець, що набрав рівну чи більшу кількість очок, оголошується переможцем»); цей сервіс
віддає перемогу більшому рахунку (див. рядок «так читає цей сервіс» нижче).""",
        ),
        en=(
            "Online table",
            """
The online table's rules: the Moscow rules, but when a 3-player deal playing a hanging pool
ends in a byte, the pool is split between the two opponents. The online table also calls a
fifty "берц" and "деберц".

When both reach 501 in one deal the online table's rules say nothing ("the first player to
score equal or more points is declared the winner"); this service gives the match to the
higher total (see "this service's reading" below).""",
        ),
        kw_ru="онлайн, онлайн стол, интернет, берц, деберц полтинник",
        kw_uk="онлайн, онлайн стіл, берц",
        kw_en="online, online table, internet, berz",
        presets=("online",),
        source=(ONLINE_RULES, SERVICE),
        project_default=True,
    ),
    article(
        "presets.kharkov",
        ru=(
            "Харьковский деберц (дэбчик)",
            """
Харьков (по описанию вариантов) — московские правила с изменениями, из которых стол берёт
все или несколько: сдают по очереди по часовой стрелке; с обязом — если все спасовали,
сдатчик обязан назвать другую масть и играть; первым ходит играющий; деберц — шесть карт
подряд и больше (выигрывает партию); сотня вчетвером; козырь в старшинстве комбинаций не
учитывается; белла — до своего последнего хода; байт втроём — пополам двум другим; лыжа
(ни одной взятки) — минус 50 вдвоём, минус 100 втроём и парами; три байта — минус 100.

Ренонс — не байт: в конце сдачи заметивший соперник забирает у нарушителя одну его взятку,
кроме взятки с козырным валетом. Ложное закрытие — удвоенный счёт сопернику, и закрываться
можно только взяв взятку после хода козырным валетом.

Прикуп сдают по четыре карты, фреза вдвоём не открывается, сдвиг колоды обязателен (см.
отдельные статьи).""",
        ),
        uk=(
            "Харківський деберц (дебчик)",
            """
Харків (за описом варіантів) — московські правила зі змінами, з яких стіл бере всі або
кілька: роздають по черзі за годинниковою стрілкою; з обязом — якщо всі спасували, той, хто
роздає, мусить назвати іншу масть і грати; першим ходить граючий; деберц — шість карт підряд
і більше (виграє партію); сотня вчотирьох; козир у старшинстві комбінацій не враховується;
белла — до свого останнього ходу; байт утрьох — навпіл двом іншим; лижа (жодної взятки) —
мінус 50 удвох, мінус 100 утрьох і парами; три байти — мінус 100.

Ренонс — не байт: наприкінці здачі суперник, який помітив, забирає в порушника одну його
взятку, крім взятки з козирним валетом. Хибне закриття — подвоєний рахунок супернику, і
закриватися можна, лише взявши взятку після ходу козирним валетом.

Прикуп роздають по чотири карти, фреза удвох не відкривається, зсув колоди обов’язковий (див.
окремі статті).""",
        ),
        en=(
            "Kharkov deberc",
            """
Kharkov (the guide to the variants): the Moscow rules with changes, all or some of which a
table takes: the deal passes clockwise; obligatory order — when everybody passed, the dealer
must name another suit and play; the declarer leads; debertz is six or more in a row (wins
the match); a hundred with four; trump ignored in combination seniority; bella until one's
last move; a 3-player byte is split between the other two; a bolt (no trick) costs 50 with
two, 100 with three or pairs; three bytes cost 100.

A renonce is no byte: at the end of the deal the opponent who noticed it takes one of the
violator's tricks, any but the one with the trump jack. A false closing doubles the total to
the opponents, and a closing needs a trick taken after the trump jack was played.

Four more cards are dealt after the bidding, the bottom card stays down with two players, and
the cut is obligatory (see their own articles).""",
        ),
        kw_ru="харьковский, харьков, дэбчик, белоид, обяз",
        kw_uk="харківський, харків, обяз",
        kw_en="kharkov, kharkiv, obligatory order",
        presets=("kharkov",),
        source=VARIANTS,
    ),
    article(
        "presets.odessa",
        ru=(
            "Одесский деберц (клабор)",
            """
Одесса (по описанию вариантов) — московские правила с частью харьковских и своими
договорённостями: с обязом («обязон»: сдатчик, которому второй раз выпал выбор, обязан
назвать другую масть); сдают по очереди по часовой стрелке; первым ходит играющий; козырь
соперника перебивается всегда; равные некозырные терцы — взявшему послед; белла объявляется,
когда кладут козырную даму или короля, и её очки — взявшему взятку; клабор выигрывает
партию; ренонс — пересдача и минус 100 (пересдаёт следующий по очереди сдатчик); лыжа —
минус 100.

Висяк: при равенстве очков следующий сдатчик сдаёт, и тот же играющий обязан играть в
открытую масть без терцев и полтинников; его очки висяка получает он сам, если сыграет, или
соперник, если будет байт. Если у игрока после сдачи на руках без прикупа меньше 2 очков —
пересдача: она объявляется сама, и сдаёт следующий по очереди сдатчик. Терцы и полтинники можно
показывать от сдачи до того, как перевернут вторую
взятку.""",
        ),
        uk=(
            "Одеський деберц (клабор)",
            """
Одеса (за описом варіантів) — московські правила з частиною харківських і власними
домовленостями: з обязом («обязон»: той, хто роздає і кому вдруге випав вибір, мусить назвати
іншу масть); роздають по черзі за годинниковою стрілкою; першим ходить граючий; козир
суперника перебивається завжди; рівні некозирні терци — тому, хто взяв послід; белла
оголошується, коли кладуть козирну даму чи короля, і її очки — тому, хто взяв взятку; клабор
виграє партію; ренонс — перездача і мінус 100 (перероздає наступний за чергою); лижа — мінус
100.

Висяк: за рівності очок наступний гравець роздає, і той самий граючий мусить грати у
відкриту масть без терців і полтинників; очки висяка отримує він сам, якщо зіграє, або
суперник, якщо буде байт. Якщо в гравця після роздачі на руках без прикупу менше 2 очок —
перездача: вона оголошується сама, і роздає наступний за чергою. Терци й полтинники можна
показувати від роздачі до того, як перевернуть другу
взятку.""",
        ),
        en=(
            "Odessa deberc (klabor)",
            """
Odessa (the guide to the variants): the Moscow rules with part of Kharkov's and its own
conventions: obligatory order ("обязон": a dealer given the choice a second time must name
another suit); the deal passes clockwise; the declarer leads; the opponent's trump is always
beaten; equal non-trump terzes go to the last trick; bella is declared as the trump queen or
king is played and its points go to the trick winner; klabor wins the match; a renonce is a
redeal and −100 (the next dealer in turn deals it); a bolt −100.

The висяк: on equal points the next dealer deals and the same declarer must play the turned
suit without terzes or fifties; the hanging points go to them if they make it, to the
opponent on a byte. When a player holds fewer than 2 points before the last cards are dealt,
a redeal is declared at once and the next dealer in turn deals. Terzes and fifties may be shown
from the deal until the second trick is
turned.""",
        ),
        kw_ru="одесский, одесса, клабор, висяк, обязон",
        kw_uk="одеський, одеса, клабор, висяк, обязон",
        kw_en="odessa, klabor, forced deal, visyak",
        presets=("odessa",),
        source=VARIANTS,
    ),
]
