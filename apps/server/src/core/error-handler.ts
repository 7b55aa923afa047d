import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError, pgErrorCode, RET } from './errors';

/** Fastify's own client-side errors, in the user's language. */
const clientErrors: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '请求数据格式不正确',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求数据格式不正确',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求格式',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求数据格式不正确',
  FST_INVALID_MULTIPART_CONTENT_TYPE: '请求数据格式不正确',
  FST_REQ_FILE_TOO_LARGE: '上传的文件过大',
  FST_FILES_LIMIT: '上传的文件数量过多',
  FST_PARTS_LIMIT: '上传的数据过多',
};

/**
 * PostgreSQL's refusals of a value itself (text it cannot store, a number or date out of range or unreadable): the
 * input was wrong, not the server. The boundary checks should catch these first; this is the last resort.
 */
const BAD_VALUE_CODES = new Set(['22P02', '22P05', '22001', '22003', '22007', '22008', '22021', '2201W', '2201X']);

/**
 * One place maps every failure to the envelope: refusals and validation answer HTTP 200 with a non-zero ret and a
 * Chinese msg; only transport faults (body too large) keep their HTTP status. Never a stack trace.
 */
export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | ApiError, req, reply) => {
    if (err instanceof ApiError) {
      return reply.status(200).send({ ret: err.ret, msg: err.message, data: err.data });
    }
    const code = (err as FastifyError).code;
    const status = (err as FastifyError).statusCode ?? 500;
    if (status === 429) {
      return reply.status(200).send({ ret: RET.TOO_MANY, msg: '操作过于频繁，请稍后再试', data: null });
    }
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
      return reply.status(413).send({ ret: 413, msg: '请求数据过大', data: null });
    }
    if (code && clientErrors[code]) {
      return reply.status(200).send({ ret: RET.INVALID, msg: clientErrors[code], data: null });
    }
    if (status >= 400 && status < 500) {
      return reply.status(200).send({ ret: RET.INVALID, msg: '请求数据格式不正确', data: null });
    }
    // Two requests racing past the same uniqueness check: the database's unique index decides, the user reads why.
    const pgCode = pgErrorCode(err);
    if (pgCode === '23505') {
      return reply.status(200).send({ ret: RET.CONFLICT, msg: '数据已存在，请勿重复提交', data: null });
    }
    if (pgCode && BAD_VALUE_CODES.has(pgCode)) {
      req.log.warn({ err }, 'value refused by the database');
      return reply.status(200).send({ ret: RET.INVALID, msg: '参数错误', data: null });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(200).send({ ret: RET.ERROR, msg: '服务器繁忙，请稍后再试', data: null });
  });

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    if (/^\/api(\/|$)/i.test(url)) {
      return reply.status(200).send({ ret: RET.NOT_FOUND, msg: '接口不存在', data: null });
    }
    // The console is a single-page app: any other GET lands on index.html and the router shows /404 itself. Not a
    // missing build file: a page open across a rebuild asks for its old chunk, and HTML in place of the script
    // would fail as a syntax error instead of the 404 on which the page reloads itself.
    const file = url.startsWith('/uploads/') || url.startsWith('/assets/');
    if (req.method === 'GET' && !file && typeof reply.sendFile === 'function') {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ ret: RET.NOT_FOUND, msg: '资源不存在', data: null });
  });
}
