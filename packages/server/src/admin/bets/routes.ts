import { betListQuery, idParams, lotteryOrderListQuery, transferListQuery } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { actorOf } from '../actor.js';
import { route, type AdminRoute } from '../route.js';
import { betListOptions, listBets, listLotteryOrders, listTransfers, resolveTransfer } from './service.js';

/** 注单与转账: every bet, lottery order and transfer, and the manual resolve of a pending transfer. */
export const betRoutes: AdminRoute[] = [
  route({
    method: 'GET',
    path: '/bets/options',
    tag: '注单与转账',
    summary: '筛选项：全部场馆（代码与名称，含已停用）与全部彩种（代码与名称），按显示顺序',
    access: 'bets.read',
    handler: async ({ app }) => ok(await betListOptions(app.kdb)),
  }),
  route({
    method: 'GET',
    path: '/bets',
    tag: '注单与转账',
    summary: '场馆注单（平台记录的全部场馆投注），最新在前；keyword 为用户名前缀或会员ID，from/to 为北京时间日期，status 0无效 1已结算 2未结算，venue 为场馆代码',
    access: 'bets.read',
    query: betListQuery,
    handler: async ({ app, query }) => ok(await listBets(app.kdb, query)),
  }),
  route({
    method: 'GET',
    path: '/lottery-orders',
    tag: '注单与转账',
    summary: '彩票注单（每注一行），最新在前；keyword、from/to、status 同上，lottery 为彩种代码',
    access: 'bets.read',
    query: lotteryOrderListQuery,
    handler: async ({ app, query }) => ok(await listLotteryOrders(app.kdb, query)),
  }),
  route({
    method: 'GET',
    path: '/transfers',
    tag: '注单与转账',
    summary: '转账订单（中心钱包与场馆之间）；state 0失败 1成功 2待结算（待结算按时间正序，其余最新在前），venue 为场馆代码',
    access: 'bets.read',
    query: transferListQuery,
    handler: async ({ app, query }) => ok(await listTransfers(app.kdb, query)),
  }),
  route({
    method: 'POST',
    path: '/transfers/:id/resolve',
    tag: '注单与转账',
    summary: '人工处理待结算转账：向场馆查询该单，已入账则完成（转出场馆的金额入中心钱包），未入账则在场馆作废后失败（转入场馆的金额退回中心钱包），场馆无应答则保持待结算；同一单只结算一次',
    access: 'transfers.resolve',
    params: idParams,
    audits: ['transfer.resolve'],
    handler: async ({ app, req, staff, params }) => {
      const { answer, message } = await resolveTransfer(app.kdb, app.venues, actorOf(req, staff), params.id);
      return ok(answer, message);
    },
  }),
];
