-- The last site that showed a chatbot's snippet and was refused because it is not among the allowed
-- sites (app/features/chatbots/widget/widget.server.ts): the chatbot's settings warn the owner.
ALTER TABLE chatbots ADD COLUMN embed_refused_origin text;
ALTER TABLE chatbots ADD COLUMN embed_refused_at timestamptz;
