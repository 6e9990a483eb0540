// Customer-service chat page (framed by /kefu). Runs without any server: the visitor's message is
// shown at once and an automatic acknowledgement follows; common questions get a useful answer.
(function () {
  'use strict';
  var log = document.getElementById('log');
  var form = document.getElementById('form');
  var input = document.getElementById('input');
  var send = document.getElementById('send');
  var MAX_CHARS = 500;

  var ANSWERS = [
    { keys: ['到账', '存款', '充值', '上分'], text: '存款一般在5分钟内到账。如超过30分钟未到账，请提供订单号与转账截图，客服将立即为您核实处理。' },
    { keys: ['取款', '提现', '出款'], text: '请在“我的钱包—取款”中选择已绑定的银行卡或USDT地址，输入金额与支付密码即可提交。单笔最低100元，完成打码量后方可取款。' },
    { keys: ['打码', '流水'], text: '打码量即有效投注要求：存款、返水、红包与活动彩金都会增加打码量，有效投注会逐步抵扣，清零后即可取款。剩余打码量可在取款页面查看。' },
    { keys: ['密码', '登录不'], text: '为保障账户安全，重置密码需要核实身份。请告诉我们您的用户名、注册时间及最近一笔存款金额，客服将协助您重置。' },
    { keys: ['代理', '加盟', '推广'], text: '欢迎加入代理计划！登录后进入“我的—代理加盟”提交手机号与申请理由，工作人员会在1个工作日内联系您，佣金最高可达50%。' },
    { keys: ['返水', '反水'], text: '返水按北京时间每日有效投注计算，次日24小时内派发到福利中心，手动领取后1倍流水即可取款。VIP等级越高，返水比例越高。' },
    { keys: ['红包'], text: '红包活动每日10:00~12:00开放，昨日12:00至今日10:00的存款决定您的抽取次数，详情请查看红包页面的活动规则。' },
  ];
  var FALLBACK = '已收到您的消息，客服人员正在为您查询，请稍候片刻。如涉及存取款，请一并提供订单号，以便我们更快为您处理。';

  function pad(n) { return (n < 10 ? '0' : '') + n; }
  function clock(d) { return pad(d.getHours()) + ':' + pad(d.getMinutes()); }

  function scrollToEnd() { log.scrollTop = log.scrollHeight; }

  function addMessage(who, text, extraClass) {
    var row = document.createElement('div');
    row.className = 'msg ' + who + (extraClass ? ' ' + extraClass : '');
    var avatar = document.createElement('div');
    avatar.className = 'avatar';
    var body = document.createElement('div');
    var bubble = document.createElement('div');
    bubble.className = 'bubble';
    bubble.textContent = text; // never innerHTML: the visitor's text stays text
    var time = document.createElement('div');
    time.className = 'time';
    time.textContent = clock(new Date());
    body.appendChild(bubble);
    body.appendChild(time);
    row.appendChild(avatar);
    row.appendChild(body);
    log.appendChild(row);
    scrollToEnd();
    return row;
  }

  function answerFor(text) {
    for (var i = 0; i < ANSWERS.length; i++) {
      for (var k = 0; k < ANSWERS[i].keys.length; k++) {
        if (text.indexOf(ANSWERS[i].keys[k]) >= 0) return ANSWERS[i].text;
      }
    }
    return FALLBACK;
  }

  // Replies come one after another, in the order the questions were asked.
  var queue = Promise.resolve();
  function reply(question) {
    queue = queue.then(function () {
      return new Promise(function (resolve) {
        var typing = addMessage('agent', '客服正在输入…', 'typing');
        setTimeout(function () {
          typing.remove();
          addMessage('agent', answerFor(question));
          resolve();
        }, 700 + Math.floor(Math.random() * 600));
      });
    });
  }

  function submit(text) {
    var value = text.trim().slice(0, MAX_CHARS);
    if (!value) return;
    addMessage('me', value);
    reply(value);
  }

  var today = new Date();
  document.getElementById('today').textContent = today.getFullYear() + '-' + pad(today.getMonth() + 1) + '-' + pad(today.getDate()) + ' ' + clock(today);

  input.addEventListener('input', function () {
    send.disabled = input.value.trim() === '';
  });
  input.addEventListener('keydown', function (e) {
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      form.requestSubmit ? form.requestSubmit() : form.dispatchEvent(new Event('submit', { cancelable: true }));
    }
  });
  form.addEventListener('submit', function (e) {
    e.preventDefault();
    submit(input.value);
    input.value = '';
    send.disabled = true;
    input.focus();
  });
  document.getElementById('quick').addEventListener('click', function (e) {
    var target = e.target;
    if (target && target.tagName === 'BUTTON') submit(target.textContent || '');
  });
})();
