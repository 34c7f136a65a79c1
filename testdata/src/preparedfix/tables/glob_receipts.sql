SELECT 1 FROM receipts
