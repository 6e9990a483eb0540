import type { FastifyPluginAsync } from 'fastify';
import auth from './auth/routes.js';
import user from './user/routes.js';
import site from './site/routes.js';
import content from './content/routes.js';
import games from './games/routes.js';
import mail from './mail/routes.js';
import cards from './cards/routes.js';
import payment from './payment/routes.js';
import transfers from './transfers/routes.js';
import turnover from './turnover/routes.js';
import deposits from './deposits/routes.js';
import withdrawals from './withdrawals/routes.js';
import records from './records/routes.js';
import lottery from './lottery/routes.js';
import rebate from './rebate/routes.js';
import vip from './vip/routes.js';
import promotions from './promotions/routes.js';
import redpacket from './redpacket/routes.js';
import invites from './invites/routes.js';
import agents from './agents/routes.js';
import serviceChat from './service-chat/routes.js';
import protection from './protection/routes.js';

/** Every member-API domain, each one encapsulated plugin mounted under /api. */
export const apiModules: FastifyPluginAsync[] = [auth, user, site, content, games, mail, cards, payment, transfers, turnover, deposits, withdrawals, records, lottery, rebate, vip, promotions, redpacket, invites, agents, serviceChat, protection];
