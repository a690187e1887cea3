"""The Preferans [преферанс] scorer's page: the deal form (`forms`), the page's context and the
pulka sheet drawn as an SVG (`views`, `sheet`). The shared scorer views (scoring.views) reach
it through the games registry (`Game.scorer_page`), never by asking which game a match is."""
